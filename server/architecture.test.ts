/**
 * The code's shape and layers, held by a test. Each rule below names every offending file and line:
 * - files that do one job (at most 400 lines) and functions that fit on a screen (at most 80 lines);
 * - domain folders that know nothing of the API versions (no import from server/api);
 * - no import circle, type-only imports included (an interface and its table in one file that the
 *   implementations import back ties them all together);
 * - one direction per pair of folders, as the policy below writes down;
 * - chain families branched on only where the families live;
 * - the environment read only where it is parsed;
 * - no re-export shims: callers import a thing from where it lives;
 * - no module-level mutable state in the server: caches are built per services instance by the composition root;
 * - one Solana SDK on the server: @solana/kit (and its program clients), never @solana/web3.js or @solana/spl-token.
 * The rules' mechanics are in server/architecture/ (checked on fake files in rules.test.ts there); what is
 * allowed is written here. Test files and generated code are exempt.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { environmentReads, familyBranches, isUnder, longFiles, longFunctions, reexportShims } from './architecture/code-rules';
import { importCircles } from './architecture/import-circles';
import { importsAgainstDirection, type LayerPolicy } from './architecture/import-directions';
import { adjacency, importEdges } from './architecture/import-graph';
import { moduleLevelState } from './architecture/module-state';
import { forbiddenPackageImports } from './architecture/package-imports';
import { readModules } from './architecture/source-files';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;
const DOMAIN = ['trading', 'bridge', 'tokens', 'venues', 'chains', 'balances', 'fees', 'routing'].map((folder) => `server/${folder}/`);

/** Where source lives; the repository's top-level modules (proxy.ts, instrumentation.ts, configs) are read too. */
const FOLDERS = ['server', 'devnet', 'components', 'app', 'bench', 'e2e/support', 'scripts'];
const ROOT_FILES = readdirSync(ROOT).filter((name) => /\.(ts|tsx|mts|mjs)$/.test(name));

/** The only places that may branch on a chain's family: the family providers, and the pages' wallet layer. */
const FAMILY_PLACES = ['server/chains/', 'components/wallet/'];

/** The only modules that read `process.env`: the server's settings, and the NEXT_PUBLIC_ values Next inlines. */
const ENVIRONMENT_READERS = ['server/config/env.ts', 'server/config/public-env.mjs'];

/**
 * Reads that cannot go through the env module, each for its reason: launchers (`scripts/`, `bench/`) hand their
 * environment to the processes they start (the server, Next, PostgreSQL, the browsers), which read it through
 * env.ts themselves; Next inlines a `process.env.NEXT_…` only where it is written out literally (the WalletConnect
 * id decides at build whether its code ships; `NEXT_RUNTIME` picks the instrumentation's runtime).
 */
const ENVIRONMENT_PASSERS = ['scripts/', 'bench/', 'components/providers/wagmi-config.ts', 'instrumentation.ts'];

/** Test helpers: exempt from the environment rule and from import directions (they reach what a test reaches). */
const TEST_SUPPORT = [/(^|\/)test-support\//, /^e2e\/support\//, /^devnet\/(test-world|vitest-global-setup|vitest-world-env)\.ts$/];

/** Build and test tool settings (`*.config.*`) read their own environment. */
const TOOL_CONFIG = /(^|\/)[^/]+\.config\.[a-z]+$/;

/** Modules whose job is to gather other modules' exports into one public face. */
const BARRELS = [
  // The store's face: the engines, schema, lock and migrations the rest of the app opens the store with.
  'server/store/database.ts',
  // Next's route files: Next finds a route's handler only under the HTTP method's name.
  'app/api/',
];

/**
 * The Solana SDKs the server does not use: it builds and reads transactions with @solana/kit and the
 * @solana-program clients only. The pages' wallet layer keeps what the wallet adapter needs.
 */
const SERVER_FORBIDDEN_PACKAGES = ['@solana/web3.js', '@solana/spl-token'];
/**
 * Server modules the pages' bundle may import (code the browser runs too: no secrets, no Node APIs), and
 * the API router, whose type alone gives the pages typed tRPC calls.
 */
const PAGE_SHARED = [
  'server/chains/registry.ts',
  'server/chains/explorer-links.ts',
  'server/display/',
  'server/tokens/audit/verdict.ts',
  'server/venues/venue-names.ts',
  'server/api/root.ts',
];

/**
 * Which way imports go. Areas first (the top-level parts of the repository): each may import its own
 * modules and the places listed. Then server/'s folders, lowest first: a folder may import only those
 * above it in this list, so two folders never import each other.
 */
const POLICY: LayerPolicy = {
  areas: {
    // The app's server: imports no tooling, world or page.
    server: { places: ['server/'], mayImport: [] },
    // The local world (chains, contracts, accounts) is built with the server's chain code and deployer.
    devnet: { places: ['devnet/'], mayImport: ['server/'] },
    // Browser test support drives the server and the world.
    'e2e support': { places: ['e2e/support/'], mayImport: ['server/', 'devnet/'] },
    // Benchmarks run the server's handlers against the world, some through the browser test support.
    bench: { places: ['bench/'], mayImport: ['server/', 'devnet/', 'e2e/support/'] },
    // Launchers: start the world and the server.
    scripts: { places: ['scripts/'], mayImport: ['server/', 'devnet/'] },
    // The pages' components: only the browser-safe server modules, and the router's type.
    components: { places: ['components/'], mayImport: PAGE_SHARED, typesOnly: ['server/api/root.ts'] },
    // The Next app: pages built from components, and route files handing requests to the server's REST layer.
    app: {
      places: ['app/'],
      mayImport: ['components/', ...PAGE_SHARED, 'server/rest/', 'server/chains/transaction-hash.ts', 'server/config/runs-on-local-world.ts'],
      typesOnly: ['server/api/root.ts'],
    },
    // Next's entry points (proxy, instrumentation, config) and the tools' settings at the top level.
    'top level': { places: ROOT_FILES, mayImport: ['server/', 'devnet/', 'e2e/support/'] },
  },
  serverOrder: [
    'server/architecture/', // these rules' mechanics: they import nothing of the app
    'server/errors.ts', // the error every layer throws
    'server/trade-failures.ts', // the codes a trade fails with, raised from route choice up to execution
    'server/cache/', // bounded caches
    'server/chains/', // the chain registry and directory, RPC clients and each family's provider
    'server/observability/', // logger, metrics registry, the per-chain metrics
    'server/jobs/', // the background work loop
    'server/display/', // amount and number text (shared with the pages)
    'server/fees/', // priority fees read from the chains, and the protocol and integrator fee model
    'server/balances/', // wallet balances
    'server/venues/', // each venue's adapter (pools, math, addresses), the Solana market
    'server/config/', // the environment, parsed and checked once (per chain, per venue)
    'server/deploy/', // the contracts' addresses and deployment
    'server/auth/', // API keys, sessions, rate limits, the peer stamp
    'server/store/', // the database, its repositories and the state machines they guard
    'server/routing/', // routes over the venues, the lens, route choice, gas limits
    'server/devnet/', // the local world as the server sees it, and its faucet
    'server/tokens/', // token data, prices, values, audits, risk
    'server/trading/', // quotes, execution, trade outcomes
    'server/bridge/', // the bridge: quotes, deposits, fills, refunds
    'server/doctor/', // what each chain can do here, and why not
    'server/health/', // the health report
    'server/chain-directory-setup.ts', // part of the composition root: the chain directory from deploy's addresses and the venues
    'server/family-services.ts', // part of the composition root: each chain family's parts of the layers above, joined
    'server/services.ts', // the composition root: builds and joins everything above
    'server/api/', // the API contract, handlers and tRPC routers
    'server/rest/', // the REST and tRPC HTTP handlers
    'server/http/', // the production HTTP server
    'server/cli/', // command-line entry points
  ],
  testSupport: TEST_SUPPORT,
};

/**
 * Module-level collections and `let`s the server may keep (`path: name`), each for its reason; anything else a
 * module remembers lives in an object the composition root (server/services.ts) builds per services instance.
 */
const MODULE_STATE_ALLOWED = [
  // Constant lookup tables: built once from constants at load, only read.
  'server/api/handlers/devnet.ts: KEY_FIELDS',
  'server/architecture/code-rules.ts: EQUALITY',
  'server/bridge/bridge-fill.ts: SWAP_REFUSALS',
  'server/bridge/solana/solana-deposits.ts: MEMO_PROGRAMS',
  'server/chains/solana/address.ts: INDEX',
  'server/http/node-bridge.ts: WITHOUT_BODY',
  'server/observability/logger.ts: SECRET_FIELDS',
  'server/store/pglite-dialect.ts: ROW_COUNTING_COMMANDS',
  'server/tokens/audit/privileged-selectors.ts: BY_SELECTOR',
  'server/tokens/audit/providers/rugcheck.ts: KNOWN_LEVELS',
  'server/venues/solana/solana-market.ts: UNREACHABLE_CODES',
  'server/venues/venue-names.ts: NOT_POOL_CONTRACTS',
  // Number formats by digits (at most 42: 0 to 20 decimals, in dollars or not), the same for every caller.
  'server/display/number-text.ts: fixedFormats',
  // The process-wide registry every bounded cache reports its size to, held weakly (boundedCacheSizes).
  'server/cache/bounded-cache.ts: registry',
  // Facts about one object, held weakly beside it and gone with it: a Response's JSON text, a request's
  // detach hook, a transport that lacks eth_sendRawTransactionSync (the transport belongs to one directory).
  'server/rest/http.ts: JSON_TEXT',
  'server/http/node-bridge.ts: DETACH',
  'server/chains/evm/actions/send-and-wait.ts: withoutSync',
  // Process-wide by nature: JSON-RPC request ids, the data-directory locks this process holds, the process
  // umask lent to private directories (with its holders), and the session key imported per app secret (the
  // request proxy, which has no services, signs with it too).
  'server/chains/json-rpc.ts: nextId',
  'server/store/data-dir-lock.ts: heldLocks',
  'server/store/private-data-dir.ts: umaskHolders',
  'server/store/private-data-dir.ts: umaskBefore',
  'server/auth/session-cookie.ts: keyCache',
  // The configuration's one fact the pages' server render needs, read once (fixed at start; no services there).
  'server/config/runs-on-local-world.ts: localWorld',
  // A new empty database cluster, kept for every store this process opens (tests open many): what it saves is
  // the copy being shared across services instances.
  'server/store/new-cluster-copy.ts: inMemory',
  // A memo of a pure function (a tick's sqrt price is the same in every services instance), cleared at 100,000.
  'server/routing/exact/tick-math.ts: sqrtRatioCache',
];

const isTestSupport = (file: string) => TEST_SUPPORT.some((pattern) => pattern.test(file));
const MODULES = readModules(ROOT, FOLDERS, ROOT_FILES);
/** The shape rules cover the app, its tooling and its test support; not the top-level settings. */
const SHAPED = MODULES.filter((module) => module.path.includes('/'));
const EDGES = importEdges(MODULES);

/** Passes when nothing offends; otherwise fails naming every offender, one a line (a long diff is shortened). */
function expectNone(offenders: readonly string[]): void {
  expect(offenders, `${offenders.length} found:\n${offenders.join('\n')}\n`).toEqual([]);
}

describe('code shape', () => {
  it(`no source file is over ${MAX_FILE_LINES} lines`, () => {
    expectNone(longFiles(SHAPED, MAX_FILE_LINES));
  });

  it(`no function is over ${MAX_FUNCTION_LINES} lines`, () => {
    expectNone(longFunctions(SHAPED, MAX_FUNCTION_LINES));
  });

  it('covers every source folder, the benchmarks and the browser test support included', () => {
    for (const folder of FOLDERS)
      expect(
        SHAPED.some((module) => module.path.startsWith(`${folder}/`)),
        folder,
      ).toBe(true);
  });
});

describe('layers', () => {
  it('domain folders import nothing from server/api', () => {
    const upward = EDGES.filter((edge) => isUnder(edge.from, DOMAIN) && edge.to.startsWith('server/api/')).map(
      (edge) => `${edge.from}:${edge.line} imports '${edge.specifier}'`,
    );
    expectNone(upward);
  });

  it('no import circle (type-only imports count)', () => {
    expectNone(importCircles(adjacency(MODULES, EDGES)));
  });

  it('every import goes the way the layer policy allows', () => {
    expectNone(importsAgainstDirection(EDGES, POLICY));
  });

  it(`no branch on a chain's family outside ${FAMILY_PLACES.join(' and ')}`, () => {
    expectNone(familyBranches(MODULES, FAMILY_PLACES));
  });

  it(`the environment is read only in ${ENVIRONMENT_READERS.join(' and ')}`, () => {
    const checked = MODULES.filter((module) => !isTestSupport(module.path) && !TOOL_CONFIG.test(module.path));
    expectNone(environmentReads(checked, [...ENVIRONMENT_READERS, ...ENVIRONMENT_PASSERS]));
  });

  it('no re-export shim: a thing is imported from the module that defines it', () => {
    expectNone(reexportShims(MODULES, BARRELS));
  });

  it('no module-level cache or mutable state in the server outside the listed ones', () => {
    const server = MODULES.filter((module) => module.path.startsWith('server/') && !isTestSupport(module.path));
    expectNone(moduleLevelState(server, MODULE_STATE_ALLOWED));
  });

  it(`the server imports no ${SERVER_FORBIDDEN_PACKAGES.join(' or ')}: one Solana SDK, @solana/kit`, () => {
    expectNone(forbiddenPackageImports(MODULES, ['server/'], SERVER_FORBIDDEN_PACKAGES));
  });
});
