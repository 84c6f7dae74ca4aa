import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { foldInMemory } from '@labshop/platform/read-store/fold-in-memory';
import { projections } from './index.ts';
import { everyReadModelHistory } from './testing/every-read-model-history.ts';

/**
 * Every read model the shop runs has a MongoDB run: `read-models-mongodb.containers.test.ts` (under
 * `npm run test:containers`) runs `readModelsContract`, which builds each of `projections` from
 * `everyReadModelHistory()` and compares it with the in-memory fold. Here, without MongoDB, this fails when a
 * read model would have nothing to compare there (a new projection whose events the history lacks), or when
 * the MongoDB suite stops running the contract over that list.
 */
describe('the read models’ MongoDB run', () => {
  const events = everyReadModelHistory();

  it('runs over the list of read models the shop runs', () => {
    const source = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
    expect(source('./read-models-mongodb.containers.test.ts')).toMatch(/readModelsContract\('MongoDB', /);
    const contract = source('./read-models.contract.ts');
    expect(contract).toMatch(/import \{[^}]*\bprojections\b[^}]*\} from '\.\/index\.ts'/);
    expect(contract).toMatch(/for \(const projection of projections\)/);
  });

  it.each(projections.map((projection) => [projection.name, projection] as const))(
    '%s gets documents from the history it is run over',
    async (_name, projection) => {
      const documents = await foldInMemory(projection, events);
      expect(documents.size).toBeGreaterThan(0);
    },
  );
});
