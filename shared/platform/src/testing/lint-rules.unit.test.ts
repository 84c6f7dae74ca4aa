// The import rules of eslint.config.js bite: each planted import below is linted as if it were a file at
// `filePath` (lintText writes nothing into the tree) and must be reported by the rule named, with its message;
// the clean imports must not be reported at all. The imported files are real ones, since import-x resolves
// an import before it checks the zones.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

const zones = 'import-x/no-restricted-paths';
const imports = '@typescript-eslint/no-restricted-imports';

/** Every problem ESLint reports for `code` as the file `filePath` (relative to the repository). */
async function problems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ rule: ruleId, message }));
}

/** The planted file imports one name from `from` and exports it, so nothing but the import rules can object. */
const importing = (from: string, kind: 'value' | 'type' = 'value') =>
  kind === 'type'
    ? `import type { Planted } from '${from}';\nexport type Again = Planted;\n`
    : `import { planted } from '${from}';\nexport const again = planted;\n`;

const features = readdirSync(join(root, 'frontend/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** One source file of the feature, as the `@/` path a planted import names. */
function aFileOf(feature: string): string {
  const file = readdirSync(join(root, 'frontend/src/features', feature), { recursive: true, encoding: 'utf8' }).find(
    (name) => /\.tsx?$/.test(name) && !name.includes('.test.'),
  );
  if (file === undefined) throw new Error(`features/${feature} has no source file`);
  return `@/features/${feature}/${file}`;
}

describe('frontend layers (bulletproof-react zones)', () => {
  it.each(features.map((feature, index) => [feature, features[(index + 1) % features.length]!]))(
    'features/%s may not import features/%s',
    async (feature, other) => {
      expect(await problems(`frontend/src/features/${feature}/planted.ts`, importing(aFileOf(other)))).toEqual([
        { rule: zones, message: expect.stringContaining('Features never import each other') },
      ]);
    },
  );

  it('catches a cross-feature import by a relative path and a type-only one too', async () => {
    expect(
      await problems('frontend/src/features/checkout/components/planted.tsx', importing('../../cart/cart-slice.ts')),
    ).toEqual([{ rule: zones, message: expect.stringContaining('Features never import each other') }]);
    expect(
      await problems(
        'frontend/src/features/order-desk/planted.ts',
        importing('@/features/audit/audit-filters.ts', 'type'),
      ),
    ).toEqual([{ rule: zones, message: expect.stringContaining('Features never import each other') }]);
  });

  it('a feature may not import app/', async () => {
    expect(await problems('frontend/src/features/orders/planted.ts', importing('@/app/store.ts'))).toEqual([
      { rule: zones, message: expect.stringContaining('Features never import app/') },
    ]);
  });

  it('components, hooks and lib import no feature and not app/', async () => {
    for (const [filePath, from] of [
      ['frontend/src/components/history/planted.tsx', '@/features/audit/audit-filters.ts'],
      ['frontend/src/hooks/planted.ts', '@/features/cart/cart-slice.ts'],
      ['frontend/src/lib/planted.ts', '@/app/store.ts'],
    ] as const) {
      expect(await problems(filePath, importing(from)), filePath).toEqual([
        { rule: zones, message: expect.stringContaining('import no feature and not app/') },
      ]);
    }
  });

  it('passes what the layers allow: a feature its own files, components, hooks, lib, contracts; app every feature', async () => {
    const feature = [
      "import { useQuery } from '@tanstack/react-query';",
      "import { formatUsd } from '@labshop/contracts/money';",
      "import { HistoryButton } from '@/components/history/history-button.tsx';",
      "import { usePageTitle } from '@/hooks/use-page-title.ts';",
      "import { apiClient } from '@/lib/api-client.ts';",
      "import { cartSlice } from '../cart-slice.ts';",
      'export const used = [useQuery, formatUsd, HistoryButton, usePageTitle, apiClient, cartSlice];',
      '',
    ].join('\n');
    expect(await problems('frontend/src/features/cart/components/planted.tsx', feature)).toEqual([]);
    expect(await problems('frontend/src/app/routes/planted.tsx', importing(aFileOf('cart')))).toEqual([]);
  });
});

describe('browser code uses no Node API and no server package', () => {
  it.each([
    ['node:fs', 'frontend/src/features/cart/planted.ts'],
    ['crypto', 'frontend/src/lib/planted.ts'],
    ['pg', 'frontend/src/components/history/planted.tsx'],
    ['ioredis', 'frontend/src/app/planted.ts'],
    ['fastify', 'frontend/src/features/orders/planted.ts'],
    ['@fastify/static', 'frontend/src/hooks/planted.ts'],
  ])('%s in %s', async (from, filePath) => {
    expect(await problems(filePath, importing(from))).toEqual([
      { rule: imports, message: expect.stringContaining('uses no Node API and no server package') },
    ]);
  });

  it('nor a service, nor @labshop/platform (only @labshop/contracts), tests included', async () => {
    expect(await problems('frontend/src/features/order-desk/planted.ts', importing('@labshop/query-api/app'))).toEqual([
      { rule: imports, message: expect.stringContaining('over HTTP only') },
    ]);
    expect(
      await problems('frontend/src/features/order-desk/planted.ts', importing('@labshop/platform/logger')),
    ).toEqual([{ rule: imports, message: expect.stringContaining('never imports adapters or server code') }]);
    expect(
      await problems(
        'frontend/src/lib/planted.unit.test.ts',
        importing('@labshop/platform/testing/given-events', 'type'),
      ),
    ).toEqual([{ rule: imports, message: expect.stringContaining('imports only @labshop/contracts') }]);
  });

  it('its unit tests, which run in Node, may', async () => {
    expect(await problems('frontend/src/lib/planted.unit.test.ts', importing('node:http'))).toEqual([]);
  });
});

describe('@labshop/contracts (the browser bundle imports it)', () => {
  it.each([
    ['node:crypto', 'shared/contracts/src/orders/planted.ts'],
    ['crypto', 'shared/contracts/src/planted.ts'],
    ['mongodb', 'shared/contracts/src/catalogue/planted.ts'],
    ['fastify', 'shared/contracts/src/customers/planted.ts'],
    ['pino', 'shared/contracts/src/tax/planted.ts'],
  ])('uses no Node API and no server package: %s in %s', async (from, filePath) => {
    expect(await problems(filePath, importing(from))).toEqual([
      { rule: imports, message: expect.stringContaining('runs in the browser bundle') },
    ]);
  });

  it('imports nothing from @labshop/platform or a service, not even a type, and no file outside itself by a path', async () => {
    expect(await problems('shared/contracts/src/orders/planted.ts', importing('@labshop/platform/logger'))).toEqual([
      { rule: imports, message: expect.stringContaining('never @labshop/platform') },
    ]);
    expect(
      await problems('shared/contracts/src/orders/planted.ts', importing('@labshop/platform/event-store/port', 'type')),
    ).toEqual([{ rule: imports, message: expect.stringContaining('never @labshop/platform') }]);
    expect(await problems('shared/contracts/src/carts/planted.ts', importing('@labshop/projectors'))).toEqual([
      { rule: imports, message: expect.stringContaining('never @labshop/platform, a service') },
    ]);
    expect(
      await problems('shared/contracts/src/orders/planted.ts', importing('../../../platform/src/logger.ts')),
    ).toEqual([{ rule: imports, message: expect.stringContaining('by its package name') }]);
  });

  it('its tests, which run in Node, may use Node and vitest, but not @labshop/platform', async () => {
    expect(await problems('shared/contracts/src/orders/planted.unit.test.ts', importing('node:fs'))).toEqual([]);
    expect(
      await problems(
        'shared/contracts/src/orders/planted.unit.test.ts',
        importing('@labshop/platform/testing/given-events'),
      ),
    ).toEqual([{ rule: imports, message: expect.stringContaining('never @labshop/platform') }]);
  });

  it('imports zod and itself freely', async () => {
    const code = [
      "import { z } from 'zod';",
      "import type { OrderEvent } from './events.ts';",
      "import { formatUsd } from '@labshop/contracts/money';",
      "import { cartStream } from '@labshop/contracts/carts/events';",
      'export const used = [z, formatUsd, cartStream];',
      'export type Used = OrderEvent;',
      '',
    ].join('\n');
    expect(await problems('shared/contracts/src/orders/planted.ts', code)).toEqual([]);
  });
});

describe('@labshop/platform', () => {
  it('imports contracts, and no service', async () => {
    expect(await problems('shared/platform/src/http/planted.ts', importing('@labshop/contracts/money'))).toEqual([]);
    expect(await problems('shared/platform/src/http/planted.ts', importing('@labshop/command-api/app'))).toEqual([
      { rule: imports, message: expect.stringContaining('shared imports no service') },
    ]);
  });
});

describe('the write side and the read side never import each other', () => {
  it.each([
    ['query-api/src/planted.ts', '@labshop/command-api/app', 'The query API reads read models'],
    ['query-api/src/orders/planted.ts', '../../../command-api/src/app.ts', 'by its package name'],
    ['command-api/src/planted.ts', '@labshop/query-api/app', 'never imports the read side'],
  ])('%s importing %s', async (filePath, from, why) => {
    expect(await problems(filePath, importing(from))).toEqual([
      { rule: imports, message: expect.stringContaining(why) },
    ]);
  });

  it('the query API imports no projectors, not even a type: it reads descriptors and is given the projections', async () => {
    for (const [filePath, from, kind] of [
      ['query-api/src/planted.ts', '@labshop/projectors', 'value'],
      ['query-api/src/catalogue/planted.ts', '@labshop/projectors', 'type'],
      ['query-api/src/time-travel/planted.ts', '@labshop/projectors/start', 'value'],
    ] as const) {
      expect(await problems(filePath, importing(from, kind)), `${filePath} importing ${from}`).toEqual([
        { rule: imports, message: expect.stringContaining('never imports the projectors') },
      ]);
    }
  });

  it("the query API's tests start the projectors to fill its read models, and still import no command API", async () => {
    expect(await problems('query-api/src/orders/planted.int.test.ts', importing('@labshop/projectors'))).toEqual([]);
    expect(await problems('query-api/src/orders/planted.int.test.ts', importing('@labshop/command-api/app'))).toEqual([
      { rule: imports, message: expect.stringContaining('tests start from given events') },
    ]);
  });

  it('both import contracts and platform', async () => {
    expect(await problems('query-api/src/planted.ts', importing('@labshop/platform/logger'))).toEqual([]);
  });
});
