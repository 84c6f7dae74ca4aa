/**
 * Relevance of the storefront search: what lab buyers type (catalogue numbers whole and in part, categories,
 * singulars and plurals, synonyms, typos, phrases, nonsense) and what must come first, through the query API's
 * full search over real PostgreSQL read models, on two catalogues:
 * - the demo catalogue, seeded through the command API as `npm run seed` does (about 160 details);
 * - the benchmark's catalogue (`bench/catalogue-events.ts`), about 10 000 details appended as events.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { createTestStores } from '@labshop/platform/testing/stores';
import { createLogger } from '@labshop/platform/logger';
import type { Position } from '@labshop/platform/event-store/port';
import { buildCommandApp } from '@labshop/command-api/app';
import { seedAuthorization, seedDemoCatalogue } from '@labshop/command-api/seed/seed-catalogue';
import { checkpointName } from '@labshop/platform/read-store/generations';
import { catalogueDetails, catalogueTree, projections } from '@labshop/projectors';
import { startProjectors } from '@labshop/projectors/start';
import { buildQueryApp } from '@labshop/query-api/app';
import { appendBenchCatalogue } from './bench/catalogue-events.ts';

const POSITION_HEADER = 'x-labshop-position';
const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');

/**
 * What must come first: a subproduct (one of several when the query fits them equally), or any detail of a category;
 * `alone` when nothing else may be found, `every` a pattern every result's title must match.
 */
type Expected =
  { subproduct: string | readonly string[]; alone?: true; every?: RegExp } | { category: string } | { nothing: true };
type Case = readonly [kind: string, query: string, first: Expected, catalogNumber?: string];

const antibodies = { subproduct: ['Exosome Antibodies', 'Primary Antibodies'] } as const;
const pipettes = {
  subproduct: ['Pipette Tips', 'Filter Pipette Tips', 'Serological Pipettes', 'Pipette Controllers'],
} as const;

/** Word queries: the two catalogues share their names, so the same answers hold for both. */
const wordCases: readonly Case[] = [
  ['category', 'western blot', { category: 'Western Blot' }],
  ['category', 'electrophoresis', { category: 'Electrophoresis' }],
  ['category', 'lab consumables', { category: 'Lab Consumables' }],
  ['category', 'laboratory instruments', { category: 'Laboratory Instruments' }],
  ['category', 'mycoplasma', { category: 'Mycoplasma' }],
  ['category', 'dna/rna isolation', { category: 'Dna/rna Isolation Kits' }],
  ['singular', 'antibody', antibodies],
  ['plural', 'antibodies', antibodies],
  ['singular', 'pipette', pipettes],
  ['plural', 'pipettes', pipettes],
  ['singular', 'membrane', { subproduct: ['PVDF Membranes', 'Nitrocellulose Membranes'] }],
  ['singular', 'centrifuge', { subproduct: 'Mini Centrifuges' }],
  ['singular', 'glove', { subproduct: 'Nitrile Gloves' }],
  ['singular', 'cryogenic vial', { subproduct: 'Cryogenic Vials' }],
  ['singular', 'dna ladder', { subproduct: 'DNA Ladders' }],
  ['singular', 'magnetic stirrer', { subproduct: 'Magnetic Stirrers' }],
  ['synonym', 'pipet tips', { subproduct: ['Pipette Tips', 'Filter Pipette Tips'] }],
  ['synonym', 'fbs', { subproduct: 'Fetal Bovine Serum' }],
  ['synonym', 'polymerase chain reaction', { subproduct: ['Mycoplasma PCR Detection Kits', 'PCR Plates'] }],
  ['synonym', 'primary ab', { subproduct: 'Primary Antibodies' }],
  ['phrase', 'mycoplasma kit', { subproduct: ['Mycoplasma PCR Detection Kits', 'Mycoplasma Stain Kits'] }],
  ['phrase', 'mycoplasma pcr', { subproduct: 'Mycoplasma PCR Detection Kits' }],
  ['phrase', 'fetal bovine serum', { subproduct: 'Fetal Bovine Serum' }],
  ['phrase', 'pcr plates', { subproduct: 'PCR Plates' }],
  ['phrase', 'exosome isolation', { subproduct: 'Exosome Isolation Reagents' }],
  ['phrase', 'plasmid miniprep', { subproduct: 'Plasmid Miniprep Kits' }],
  ['phrase', 'total rna', { subproduct: 'Total RNA Kits' }],
  ['phrase', 'blocking buffer', { subproduct: 'Blocking Buffers' }],
  ['phrase', 'tryptic soy', { subproduct: 'Tryptic Soy Broth' }],
  ['phrase', 'lb broth', { subproduct: 'LB Broth' }],
  ['prefix', 'myco', { category: 'Mycoplasma' }],
  ['prefix', 'precas', { subproduct: 'Precast Gels' }],
  ['prefix', 'cfdn', { subproduct: 'cfDNA Kits' }],
  ['prefix, not a shorter neighbour', 'agaros', { subproduct: 'Agarose' }],
  ['typo', 'mycoplsma', { category: 'Mycoplasma' }],
  ['typo', 'centrifuje', { subproduct: 'Mini Centrifuges' }],
  ['typo', 'serologcal pipettes', { subproduct: 'Serological Pipettes' }],
  ['typo', 'vortx mixer', { subproduct: 'Vortex Mixers' }],
  ['typo', 'magnetc stirrer', { subproduct: 'Magnetic Stirrers' }],
  ['typo', 'agaroze', { subproduct: 'Agarose' }],
  ['typo', 'nitrile glovs', { subproduct: 'Nitrile Gloves' }],
  ['typos in both words', 'mycoplsma detecton', { subproduct: 'Mycoplasma PCR Detection Kits' }],
  ['nonsense', 'qwxyzzy', { nothing: true }],
  ['nonsense', 'zzz-no-match', { nothing: true }],
  ['nonsense', 'flux capacitor', { nothing: true }],
];

/** The demo catalogue's numbers: `<prefix>-<subproduct><pack:000>`, tiers `-5` and `-10`, inner packages `IP-<prefix><subproduct>-<pack>`. */
const demoNumberCases: readonly Case[] = [
  ['number', 'CC-1001', { subproduct: 'Cell Culture Flasks', alone: true }, 'CC-1001'],
  ['number, no hyphen', 'CC1001', { subproduct: 'Cell Culture Flasks', alone: true }, 'CC-1001'],
  ['number, lower case', 'ex-2003', { subproduct: 'Exosome Purification Columns' }, 'EX-2003'],
  ['number of a pack size', 'CC-1001-5', { subproduct: 'Cell Culture Flasks' }, 'CC-1001-5'],
  ['number of a pack size', 'wb6002-10', { subproduct: 'Primary Antibodies' }, 'WB-6002-10'],
  ['inner package id', 'IP-LC1-2', { subproduct: 'Pipette Tips' }, 'IP-LC1-2'],
  ['partial number', 'cc-10', { subproduct: 'Cell Culture Flasks' }],
  ['partial number', 'MY-400', { subproduct: 'Mycoplasma Stain Kits' }],
  ['number with a typo', 'LC-1O01', { subproduct: 'Pipette Tips' }, 'LC-1001'],
  ['a number as a whole word', '96-well', { subproduct: ['Cell Culture Plates', 'PCR Plates'], every: /\b96-well\b/ }],
];

/** The benchmark catalogue's numbers: `<first two letters of the category>-<running number:00000>`, 223 details a subproduct. */
const benchNumberCases: readonly Case[] = [
  ['number', 'CE-00001', { subproduct: 'Cell Culture Flasks', alone: true }, 'CE-00001'],
  ['number, no hyphen', 'ce00224', { subproduct: 'Cell Culture Plates' }, 'CE-00224'],
  ['number', 'EX-03792', { subproduct: 'Exosome Antibodies' }, 'EX-03792'],
  ['number of a pack size', 'EX-03792-10', { subproduct: 'Exosome Antibodies' }, 'EX-03792-10'],
  ['inner package id', 'ip-my-01116', { subproduct: 'Mycoplasma PCR Detection Kits' }, 'IP-MY-01116'],
  ['partial number', 'MY-0111', { subproduct: 'Mycoplasma PCR Detection Kits' }],
  ['partial number', 'mi-0892', { subproduct: 'LB Broth' }],
];

interface Result {
  title: string;
  subproductName: string;
  catalogNumber: string | null;
  detailId: string;
}

function relevanceSuite(
  name: string,
  numberCases: readonly Case[],
  load: (stores: Awaited<ReturnType<typeof createTestStores>>) => Promise<Position>,
) {
  describe(`search relevance: ${name}`, () => {
    let stores: Awaited<ReturnType<typeof createTestStores>>;
    let queries: Awaited<ReturnType<typeof buildQueryApp>>;
    let position: Position;
    const categoryOf = new Map<string, string>();

    beforeAll(async () => {
      stores = await createTestStores();
      position = await load(stores);
      const projectors = startProjectors({
        ...stores,
        projections: [catalogueTree, catalogueDetails],
        logger: createLogger('silent'),
      });
      try {
        for (const projection of [catalogueTree, catalogueDetails]) {
          while (
            ((await stores.readStore.getCheckpoint(checkpointName(projection.name, projection.version))) ?? '') <
            position
          ) {
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      } finally {
        await projectors.stop();
      }
      queries = await buildQueryApp({ ...stores, tokens, projections });
      const menu = (await queries.inject({ method: 'GET', url: '/api/catalogue/menu' })).json() as {
        products: { name: string; subproducts: { name: string }[] }[];
      };
      for (const product of menu.products)
        for (const subproduct of product.subproducts) categoryOf.set(subproduct.name, product.name);
    }, 600_000);
    afterAll(async () => {
      await queries?.close();
      await stores?.drop();
    });

    async function search(q: string): Promise<{ results: Result[]; total: number }> {
      const response = await queries.inject({
        method: 'GET',
        url: `/api/catalogue/search?${new URLSearchParams({ q })}`,
        headers: { [POSITION_HEADER]: position },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    }

    const cases = [...numberCases, ...wordCases].map(([kind, query, expected, catalogNumber]) => ({
      name: `${kind}: ${query}`,
      query,
      expected,
      catalogNumber,
    }));
    it.each(cases)('$name', async ({ query, expected, catalogNumber }) => {
      const { results, total } = await search(query);
      if ('nothing' in expected) {
        expect(total).toBe(0);
        return;
      }
      const first = results[0];
      expect(first, `nothing found for "${query}"`).toBeDefined();
      if ('category' in expected) expect(categoryOf.get(first!.subproductName)).toBe(expected.category);
      else {
        expect(typeof expected.subproduct === 'string' ? [expected.subproduct] : expected.subproduct).toContain(
          first!.subproductName,
        );
        if (expected.alone) expect(total).toBe(1);
        const { every } = expected;
        if (every) expect(results.map((result) => result.title).filter((title) => !every.test(title))).toEqual([]);
      }
      if (catalogNumber !== undefined) expect(first!.catalogNumber).toBe(catalogNumber);
    });

    it('suggests what the full search finds first', async () => {
      for (const { query } of cases.filter(({ expected }) => !('nothing' in expected)).slice(0, 12)) {
        const { results } = await search(query);
        const response = await queries.inject({
          method: 'GET',
          url: `/api/catalogue/search/suggestions?${new URLSearchParams({ q: query })}`,
          headers: { [POSITION_HEADER]: position },
        });
        const [suggestion] = (response.json() as { suggestions: { detailId: string; catalogNumber: string | null }[] })
          .suggestions;
        expect(suggestion).toEqual({
          detailId: results[0]!.detailId,
          title: results[0]!.title,
          catalogNumber: results[0]!.catalogNumber,
        });
      }
    });
  });
}

relevanceSuite('the demo catalogue', demoNumberCases, async (stores) => {
  const contentDir = await mkdtemp(join(tmpdir(), 'labshop-relevance-'));
  const commands = await buildCommandApp({ eventStore: stores.eventStore, tokens, contentDir });
  try {
    const seeded = await seedDemoCatalogue({
      commands,
      authorization: await seedAuthorization(tokens),
      eventStore: stores.eventStore,
      logger: createLogger('silent'),
    });
    return seeded.position;
  } finally {
    await commands.close();
    await rm(contentDir, { recursive: true, force: true });
  }
});

relevanceSuite(
  'the 10 000-detail benchmark catalogue',
  benchNumberCases,
  async (stores) => (await appendBenchCatalogue(stores.eventStore, 10_000)).position,
);
