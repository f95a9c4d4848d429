/**
 * Each architecture rule fails on a small set of fake modules that break it, and passes once they are
 * fixed, so server/architecture.test.ts cannot pass by checking nothing.
 */
import { describe, expect, it } from 'vitest';
import { environmentReads, familyBranches, longFiles, longFunctions, reexportShims } from './code-rules';
import { importCircles } from './import-circles';
import { importsAgainstDirection, type LayerPolicy } from './import-directions';
import { moduleLevelState } from './module-state';
import { adjacency, importEdges, resolveSpecifier } from './import-graph';
import { forbiddenPackageImports } from './package-imports';
import { parseModule } from './source-files';

const modules = (files: Record<string, string>) => Object.entries(files).map(([file, text]) => parseModule(file, text));

const circles = (files: Record<string, string>) => {
  const parsed = modules(files);
  return importCircles(adjacency(parsed, importEdges(parsed)));
};

describe('import graph', () => {
  it('resolves @/ and relative specifiers, with or without extension, and leaves packages out', () => {
    const known = new Set(['server/a/x.ts', 'server/a/index.ts', 'server/b/y.tsx', 'server/c/z.mjs']);
    expect(resolveSpecifier('server/b/y.tsx', '@/server/a/x', known)).toBe('server/a/x.ts');
    expect(resolveSpecifier('server/b/y.tsx', '../a', known)).toBe('server/a/index.ts');
    expect(resolveSpecifier('server/a/x.ts', '../b/y', known)).toBe('server/b/y.tsx');
    expect(resolveSpecifier('server/a/x.ts', '../c/z.mjs', known)).toBe('server/c/z.mjs');
    expect(resolveSpecifier('server/a/x.ts', 'viem', known)).toBeUndefined();
  });

  it('finds a circle through a type-only import, and names the loop', () => {
    const found = circles({
      'server/a/table.ts': "import { impl } from './impl';\nexport interface Shape { n: number }\nexport const TABLE = [impl];",
      'server/a/impl.ts': "import type { Shape } from './table';\nexport const impl: Shape = { n: 1 };",
    });
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('server/a/impl.ts:1 (type) → server/a/table.ts:1 → server/a/impl.ts');
  });

  it('finds circles through export-from and dynamic import, and none once the interface is a leaf', () => {
    expect(circles({ 'a.ts': "export { b } from './b';", 'b.ts': "export const b = () => import('./a');" })).toHaveLength(1);
    expect(
      circles({
        'server/a/shape.ts': 'export interface Shape { n: number }',
        'server/a/table.ts': "import { impl } from './impl';\nexport const TABLE = [impl];",
        'server/a/impl.ts': "import type { Shape } from './shape';\nexport const impl: Shape = { n: 1 };",
      }),
    ).toEqual([]);
  });
});

describe('import directions', () => {
  const policy: LayerPolicy = {
    areas: {
      server: { places: ['server/'], mayImport: [] },
      devnet: { places: ['devnet/'], mayImport: ['server/'] },
      components: { places: ['components/'], mayImport: ['server/chains/registry.ts', 'server/api/root.ts'], typesOnly: ['server/api/root.ts'] },
    },
    serverOrder: ['server/config/', 'server/chains/', 'server/trading/', 'server/api/'],
    testSupport: [/\/test-support\//],
  };
  const offences = (files: Record<string, string>) => importsAgainstDirection(importEdges(modules(files)), policy);
  const base = {
    'server/config/env.ts': 'export const env = {};',
    'server/chains/registry.ts': "import { env } from '@/server/config/env';\nexport const CHAINS = env;",
    'server/trading/quote.ts': "import { CHAINS } from '@/server/chains/registry';\nexport const quote = CHAINS;",
    'server/api/root.ts': "import { quote } from '@/server/trading/quote';\nexport type AppRouter = typeof quote;",
    'devnet/world.ts': "import { CHAINS } from '@/server/chains/registry';",
    'components/swap.tsx': "import type { AppRouter } from '@/server/api/root';\nimport { CHAINS } from '@/server/chains/registry';",
  };

  it('passes imports that go the allowed way', () => {
    expect(offences(base)).toEqual([]);
  });

  it('fails a folder importing one above it, naming the file, line and import', () => {
    expect(offences({ ...base, 'server/chains/fees.ts': "\nimport { quote } from '@/server/trading/quote';" })).toEqual([
      "server/chains/fees.ts:2 imports '@/server/trading/quote': server/chains/ sits below server/trading/: it may not import it",
    ]);
  });

  it('fails an area importing one it may not, a run-time import of a types-only module, and an unplaced folder', () => {
    expect(offences({ ...base, 'server/trading/world.ts': "import '@/devnet/world';" })).toHaveLength(1);
    expect(offences({ ...base, 'components/other.tsx': "import { quote } from '@/server/trading/quote';" })).toHaveLength(1);
    expect(offences({ ...base, 'components/router.ts': "import { AppRouter } from '@/server/api/root';" })[0]).toContain('may import only types');
    expect(offences({ ...base, 'server/new/thing.ts': "import { env } from '@/server/config/env';" })[0]).toContain('no place in the server layer order');
  });

  it('leaves test helpers free to reach anything', () => {
    expect(offences({ ...base, 'server/chains/test-support/world.ts': "import '@/devnet/world';\nimport '@/server/api/root';" })).toEqual([]);
  });
});

describe('family branches', () => {
  const code = [
    "if (chain.info.family === 'evm') go();",
    "const other = 'solana' !== family;",
    'switch (chain.family) { default: }',
    'const same = sourceFamily === targetFamily;',
  ].join('\n');

  it('fails every comparison of a family and every switch on one, outside the allowed places', () => {
    expect(familyBranches(modules({ 'server/tokens/x.ts': code }), ['server/chains/'])).toEqual([
      "server/tokens/x.ts:1 chain.info.family === 'evm'",
      "server/tokens/x.ts:2 'solana' !== family",
      'server/tokens/x.ts:3 switch (chain.family)',
      'server/tokens/x.ts:4 sourceFamily === targetFamily',
    ]);
  });

  it('passes the allowed places, and code that only passes a family along', () => {
    expect(familyBranches(modules({ 'server/chains/x.ts': code, 'server/tokens/y.ts': 'use(chain.family);' }), ['server/chains/'])).toEqual([]);
  });
});

describe('environment reads', () => {
  it('fails process.env however it is reached, outside the allowed modules', () => {
    const found = environmentReads(
      modules({
        'proxy.ts': "const a = process.env.APP_SECRET;\nconst b = process['env'];\nconst { env } = process;",
        'server/config/env.ts': 'const all = process.env;',
      }),
      ['server/config/env.ts'],
    );
    expect(found.map((line) => line.split(' ')[0])).toEqual(['proxy.ts:1', 'proxy.ts:2', 'proxy.ts:3']);
  });
});

describe('re-export shims', () => {
  const files = {
    'server/a/sleep.ts': 'export const sleep = () => undefined;',
    'server/a/outcome.ts': "import { sleep } from './sleep';\nexport { sleep };",
    'server/a/rows.ts': "export { sleep } from './sleep';\nexport * from './sleep';",
    'server/a/alias.ts': "import { sleep } from './sleep';\nexport const wait = sleep;",
    'server/a/package.ts': "export { z } from 'zod';\nimport { sleep } from './sleep';\nexport const later = () => sleep();",
    'server/a/barrel.ts': "export * from './sleep';",
  };

  it('fails export-from, import-then-export and export-an-alias of a project module, but not the listed barrels', () => {
    expect(reexportShims(modules(files), ['server/a/barrel.ts'])).toEqual([
      'server/a/outcome.ts:2 re-exports sleep from server/a/sleep.ts',
      'server/a/rows.ts:1 re-exports sleep from server/a/sleep.ts',
      'server/a/rows.ts:2 re-exports * from server/a/sleep.ts',
      'server/a/alias.ts:2 re-exports wait (= sleep) from server/a/sleep.ts',
    ]);
  });
});

describe('module-level state', () => {
  const files = {
    'server/a/caches.ts': [
      "import { boundedCache } from '@/server/cache/bounded-cache';",
      "const fees = boundedCache<string, bigint>({ name: 'fees', max: 10 });",
      'export const seen = new Map<string, number>();',
      'let latest: string | undefined;',
      'const byObject = new WeakMap<object, string>(), flags = new WeakSet<object>();',
      "const TABLE = new Set(['a', 'b']);",
      'const LIMIT = 10;',
      'export function build() {',
      '  const local = new Map<string, number>();',
      "  return { local, made: () => boundedCache({ name: 'per call', max: 1 }) };",
      '}',
      'export const factory = () => new Set<string>();',
    ].join('\n'),
  };

  it('fails top-level caches, collections and lets, but not the allowed ones nor those built inside functions', () => {
    expect(moduleLevelState(modules(files), ['server/a/caches.ts: TABLE'])).toEqual([
      'server/a/caches.ts:2 fees (boundedCache)',
      'server/a/caches.ts:3 seen (new Map)',
      'server/a/caches.ts:4 latest (let)',
      'server/a/caches.ts:5 byObject (new WeakMap)',
      'server/a/caches.ts:5 flags (new WeakSet)',
    ]);
  });

  it('fails an allowed entry that is no longer there', () => {
    const fixed = modules({ 'server/a/caches.ts': "const TABLE = new Set(['a']);\nexport const make = () => new Map();" });
    expect(moduleLevelState(fixed, ['server/a/caches.ts: TABLE'])).toEqual([]);
    expect(moduleLevelState(fixed, ['server/a/caches.ts: TABLE', 'server/a/gone.ts: memo'])).toEqual([
      'server/a/gone.ts: memo is allowed but not found: take it off the list',
    ]);
  });
});

describe('shape', () => {
  it('fails a file over the line limit and a function over its limit', () => {
    const body = Array.from({ length: 5 }, (_, line) => `  const v${line} = ${line};`).join('\n');
    const parsed = modules({ 'server/a/long.ts': `export function long() {\n${body}\n}\n` });
    expect(longFiles(parsed, 5)).toEqual(['server/a/long.ts (8 lines)']);
    expect(longFunctions(parsed, 6)).toEqual(['server/a/long.ts:1 (7 lines)']);
    expect(longFunctions(parsed, 7)).toEqual([]);
  });
});

describe('forbidden packages', () => {
  const files = {
    'server/a/web3.ts': "import { PublicKey } from '@solana/web3.js';\nexport const key = new PublicKey('11111111111111111111111111111111');",
    'server/a/kinds.ts': [
      "import type { Mint } from '@solana/spl-token';",
      "export { TOKEN_PROGRAM_ID } from '@solana/spl-token/lib/cjs/constants';",
      "export const later = () => import('@solana/web3.js');",
    ].join('\n'),
    'server/a/kit.ts':
      "import { address } from '@solana/kit';\nimport { web3 } from './web3.js';\nexport const a = address('11111111111111111111111111111111');",
    'components/wallet/adapter.ts': "import { PublicKey } from '@solana/web3.js';\nexport const key = PublicKey;",
  };

  it('fails every kind of import of a listed package or its subpaths under the place, and nothing else', () => {
    expect(forbiddenPackageImports(modules(files), ['server/'], ['@solana/web3.js', '@solana/spl-token'])).toEqual([
      "server/a/web3.ts:1 imports '@solana/web3.js'",
      "server/a/kinds.ts:1 imports '@solana/spl-token' (type)",
      "server/a/kinds.ts:2 imports '@solana/spl-token/lib/cjs/constants'",
      "server/a/kinds.ts:3 imports '@solana/web3.js'",
    ]);
    expect(forbiddenPackageImports(modules({ 'server/a/kit.ts': files['server/a/kit.ts'] }), ['server/'], ['@solana/web3.js'])).toEqual([]);
  });
});
