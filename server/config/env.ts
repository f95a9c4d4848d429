/**
 * Configuration, read once from the environment and validated. Every variable is listed in the README.
 */
import path from 'node:path';
import { z } from 'zod';
import { chainFamily } from '@/server/chains/chain-family';
import { CHAIN_IDS, CHAINS, EVM_CHAIN_IDS, SOLANA_FINALIZED_DEPTH, type ChainId, type EvmChainId } from '@/server/chains/registry';
import { VENUE_CONFIG_KEYS } from '@/server/venues/evm/venue-table';
import { readSecretFiles } from './secret-files';

const urlList = z
  .string()
  .transform((text) =>
    text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url({ protocol: /^(https?|wss?)$/ })).min(1));

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const baseSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  DEV_API_KEY: z.string().min(16, 'DEV_API_KEY must be at least 16 characters').optional(),
  DEVNET_MANIFEST: z.string().min(1).optional(),
  KEY_RATE_LIMIT_PER_MINUTE: positiveInt(600),
  SESSION_RATE_LIMIT_PER_MINUTE: positiveInt(300),
  /** Requests per minute from one client address (an IPv6 /64) without an API key, sessions or none, together. */
  ANON_RATE_LIMIT_PER_MINUTE: positiveInt(600),
  /** How many proxies in front are trusted to append the client to X-Forwarded-For (0: the socket's peer is the client). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** New sessions (page loads without one) one client address may start per hour; past it, pages get none. */
  SESSIONS_PER_IP_PER_HOUR: positiveInt(200),
  HEALTH_CACHE_MS: positiveInt(5_000),
  HEALTH_PROBE_TIMEOUT_MS: positiveInt(1_500),
  RPC_TIMEOUT_MS: positiveInt(10_000),
  /** How often every chain's RPC, contracts and capabilities are checked again (a chain that recovers serves again). */
  CHAIN_RECHECK_MS: positiveInt(30_000),
  /** Consecutive calls to a chain that no node answered (timeouts, refused connections) before its calls fail at once. */
  RPC_BREAKER_FAILURES: positiveInt(3),
  /** How long a chain found down fails fast before one call is let through to try it again. */
  RPC_BREAKER_OPEN_MS: positiveInt(5_000),
  /** The commit this build runs, for build_info (CI sets it where the image has no .git); else git's HEAD, else unknown. */
  BUILD_COMMIT: z.string().trim().min(1).max(64).optional(),
  JUPITER_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Jupiter's API key (portal.jup.ag), sent as `x-api-key`; keyless use is limited to 0.5 requests a second. */
  JUPITER_API_KEY: z.string().min(1).optional(),
  /** DexScreener's API (https://api.dexscreener.com) for token-info's dexPaid; unset offline: dexPaid is unknown. */
  DEXSCREENER_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** GoPlus's API (https://api.gopluslabs.io) for the token audit on EVM chains; unset offline: the provider is unavailable. */
  GOPLUS_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** RugCheck's API (https://api.rugcheck.xyz) for the token audit on Solana; unset offline: the provider is unavailable. */
  RUGCHECK_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Receives Solana trading fees when trades route through Jupiter (base58 wallet, rent-exempt). */
  FEE_COLLECTOR_SOL: z
    .string()
    .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'FEE_COLLECTOR_SOL must be a base58 Solana address')
    .optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /**
   * `json`: every line the production process writes is one JSON object (console output and Node's warnings
   * included); `text`: log lines as `time level msg key=value`. Read by scripts/start.ts before anything loads.
   */
  LOG_FORMAT: z.enum(['json', 'text']).default('json'),
  /**
   * How long SIGTERM/SIGINT waits for the requests in hand and the solver's work before the process exits
   * anyway: past BRIDGE_EXECUTE_WAIT_MS (an execute waiting for its fill), inside a 30 s kill deadline.
   */
  SHUTDOWN_GRACE_MS: positiveInt(25_000),
  /** Where people reach this app: bridge trackingUrl links point here. Default http://localhost:$PORT. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  PORT: positiveInt(3000),
  /** The bridge solver's key on every EVM chain (0x hex); on the local world the manifest's solver. */
  SOLVER_PRIVATE_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'SOLVER_PRIVATE_KEY must be a 0x-prefixed 32-byte hex key')
    .optional(),
  /**
   * The salt `npm run deploy -- --salt` put the Router and the Depository under: their addresses follow from
   * SOLVER_PRIVATE_KEY and it. Unset: the usual addresses.
   */
  DEPLOY_SALT: z
    .string()
    .trim()
    .regex(/^[\x21-\x7e]{1,64}$/, 'DEPLOY_SALT must be 1 to 64 printable characters without spaces')
    .optional(),
  /** The bridge solver's key on SOL (base58 of the 64-byte secret key). */
  SOLVER_SECRET_KEY_SOL: z
    .string()
    .regex(/^[1-9A-HJ-NP-Za-km-z]{64,90}$/, 'SOLVER_SECRET_KEY_SOL must be a base58 64-byte secret key')
    .optional(),
  /** The solver's fee on every bridge, in basis points of the amount. */
  BRIDGE_FEE_BPS: z.coerce.number().int().min(0).max(1_000).default(10),
  /** How long a bridge quote's rate holds: a deposit confirmed later is refunded. */
  BRIDGE_QUOTE_TTL_MS: positiveInt(120_000),
  /** How long bridge execute waits for the fill before answering PENDING. */
  BRIDGE_EXECUTE_WAIT_MS: positiveInt(20_000),
  /** How often the solver looks for deposits and due fills. */
  BRIDGE_POLL_MS: positiveInt(1_000),
  /** The largest bridge the solver takes, in USD of what is deposited. */
  BRIDGE_MAX_USD: z.coerce.number().positive().default(100_000),
  /** The most gas a destination swap may need: a token whose swap needs more is refused at quote time. */
  BRIDGE_MAX_DESTINATION_GAS: z.coerce.number().int().min(100_000).max(30_000_000).default(1_000_000),
});

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address');

/**
 * `VENUES_<CHAIN>`: where a real chain's trading venues live (JSON). Every key is optional: the chain's entry
 * in the address book (server/chains/address-book.ts) gives the rest, and a key given here wins over it.
 */
const venuesSchema = z.strictObject({
  wrappedNative: address.optional(),
  stable: z.object({ address, decimals: z.number().int().min(0).max(36) }).optional(),
  multicall3: address.optional(),
  // Liquid tokens routes may pass through besides the wrapped native and the stable.
  connectors: z.array(address).max(8).optional(),
  // Each venue's contracts under the keys its adapter names (uniswapV2Factory, quoterV2, …); null switches off
  // a venue the address book lists (one whose contracts are wrong or unwanted on this server).
  ...Object.fromEntries(VENUE_CONFIG_KEYS.map(({ key }) => [key, address.nullable().optional()])),
});

export type VenuesEnv = z.infer<typeof venuesSchema>;

export interface ChainEnv {
  rpcUrls: string[];
  mevRpcUrls: string[];
  forkUrl?: string;
  routerAddress?: string;
  venues?: VenuesEnv;
  /** `DEPOSITORY_ADDRESS_<CHAIN>`: where bridge deposits go (EVM: the Depository contract; SOL: the solver). */
  depositoryAddress?: string;
  /**
   * Confirmations a bridge deposit needs before it is filled: `BRIDGE_CONFIRMATIONS_<CHAIN>`, else 1 on the
   * local world (its nodes mine on demand, and nothing there reorganises by itself), else the chain table's.
   */
  bridgeConfirmations: number;
  /**
   * `BRIDGE_ASSETS_<CHAIN>`: the assets the solver takes and pays on this chain (`native`, `wrapped`, `stable`,
   * or the address of one of the chain's USD stables); all three by default.
   */
  bridgeAssets: string[];
  /** `BRIDGE_MAX_OUTSTANDING_USD_<CHAIN>`: the most the solver owes on this chain at once (deposits in, fills not yet paid), in USD. */
  bridgeMaxOutstandingUsd: number;
}

/** What the solver takes and pays on a chain when `BRIDGE_ASSETS_<CHAIN>` leaves it unsaid. */
export const DEFAULT_BRIDGE_ASSETS = ['native', 'wrapped', 'stable'];
/** What the solver may owe on one chain at once when `BRIDGE_MAX_OUTSTANDING_USD_<CHAIN>` leaves it unsaid. */
export const DEFAULT_MAX_OUTSTANDING_USD = 500_000;

/** `BRIDGE_ASSETS_<CHAIN>`: keywords or addresses, checked against the chain when its bridge is built. */
function readBridgeAssets(id: ChainId, text: string | undefined, problems: string[]): string[] {
  if (text === undefined || text.trim() === '') return DEFAULT_BRIDGE_ASSETS;
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const provider = chainFamily(id);
  const wrong = entries.filter((entry) => !DEFAULT_BRIDGE_ASSETS.includes(entry.toLowerCase()) && !provider.isAddress(entry));
  if (entries.length === 0 || wrong.length > 0) {
    problems.push(
      `BRIDGE_ASSETS_${id}: a comma-separated list of native, wrapped, stable or token addresses${wrong.length > 0 ? ` (not: ${wrong.join(', ')})` : ''}`,
    );
    return DEFAULT_BRIDGE_ASSETS;
  }
  return entries.map((entry) => (provider.isAddress(entry) ? entry : entry.toLowerCase()));
}

/** `BRIDGE_MAX_OUTSTANDING_USD_<CHAIN>` as a positive number of dollars. */
function readOutstandingCap(id: ChainId, text: string | undefined, problems: string[]): number {
  if (text === undefined || text.trim() === '') return DEFAULT_MAX_OUTSTANDING_USD;
  const value = Number(text.trim());
  if (!Number.isFinite(value) || value <= 0) {
    problems.push(`BRIDGE_MAX_OUTSTANDING_USD_${id}: must be a positive number of dollars`);
    return DEFAULT_MAX_OUTSTANDING_USD;
  }
  return value;
}

/** `BRIDGE_CONFIRMATIONS_<CHAIN>` as a number, undefined when unset; a problem is reported when it is not one. */
function readConfirmations(id: ChainId, text: string | undefined, problems: string[]): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const max = chainFamily(id).maxDepositConfirmations;
  const value = Number(text.trim());
  if (!Number.isInteger(value) || value < 1 || value > max) {
    problems.push(`BRIDGE_CONFIRMATIONS_${id}: must be a whole number from 1 to ${max}${max === SOLANA_FINALIZED_DEPTH ? ` (${max}: finalized)` : ''}`);
    return undefined;
  }
  return value;
}

export type Config = z.infer<typeof baseSchema> & {
  dataDir: string;
  devnetManifestPath: string;
  chains: Record<ChainId, ChainEnv>;
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string;
  /**
   * True when no chain RPC is configured: the app runs on the local chain world from the devnet manifest.
   * Development conveniences (DEV_API_KEY, /api/dev/*) exist only then, so configuring one real RPC turns
   * them all off.
   */
  localWorld: boolean;
};

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function loadConfig(given: Record<string, string | undefined> = process.env): Config {
  const { env, problems: secretProblems } = readSecretFiles(given);
  if (secretProblems.length > 0) throw new ConfigError(`Invalid configuration: ${secretProblems.join('; ')}`);
  const parsed = baseSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const chains = {} as Record<ChainId, ChainEnv>;
  const confirmationsSet = new Map<ChainId, number>();
  const problems: string[] = [];
  for (const id of CHAIN_IDS) {
    const read = (name: string): string[] => {
      const value = env[`${name}_${id}`];
      if (value === undefined || value.trim() === '') return [];
      const result = urlList.safeParse(value);
      if (!result.success) {
        problems.push(`${name}_${id}: must be a comma-separated list of http(s) or ws(s) URLs`);
        return [];
      }
      return result.data;
    };
    const routerAddress = env[`ROUTER_ADDRESS_${id}`]?.trim();
    if (routerAddress && !/^0x[0-9a-fA-F]{40}$/.test(routerAddress) && id !== 'SOL') {
      problems.push(`ROUTER_ADDRESS_${id}: must be a 0x address`);
    }
    const depositoryAddress = env[`DEPOSITORY_ADDRESS_${id}`]?.trim();
    const depositoryPattern = id === 'SOL' ? /^[1-9A-HJ-NP-Za-km-z]{32,44}$/ : /^0x[0-9a-fA-F]{40}$/;
    if (depositoryAddress && !depositoryPattern.test(depositoryAddress)) {
      problems.push(`DEPOSITORY_ADDRESS_${id}: must be ${id === 'SOL' ? 'a base58 address' : 'a 0x address'}`);
    }
    let venues: VenuesEnv | undefined;
    const venuesText = env[`VENUES_${id}`]?.trim();
    if (venuesText) {
      try {
        const parsedVenues = venuesSchema.safeParse(JSON.parse(venuesText));
        if (parsedVenues.success) venues = parsedVenues.data;
        else problems.push(`VENUES_${id}: ${parsedVenues.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join(', ')}`);
      } catch {
        problems.push(`VENUES_${id}: must be JSON`);
      }
    }
    chains[id] = {
      rpcUrls: read('RPC_URL'),
      mevRpcUrls: read('MEV_RPC_URL'),
      forkUrl: read('FORK_URL')[0],
      routerAddress: routerAddress || undefined,
      venues,
      depositoryAddress: depositoryAddress || undefined,
      bridgeConfirmations: CHAINS[id].depositConfirmations,
      bridgeAssets: readBridgeAssets(id, env[`BRIDGE_ASSETS_${id}`], problems),
      bridgeMaxOutstandingUsd: readOutstandingCap(id, env[`BRIDGE_MAX_OUTSTANDING_USD_${id}`], problems),
    };
    const confirmations = readConfirmations(id, env[`BRIDGE_CONFIRMATIONS_${id}`], problems);
    if (confirmations !== undefined) confirmationsSet.set(id, confirmations);
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  const localWorld = CHAIN_IDS.every((id) => chains[id].rpcUrls.length === 0);
  // The local world's nodes mine on demand and never reorganise by themselves: its deposits are final once mined.
  for (const id of CHAIN_IDS) chains[id].bridgeConfirmations = confirmationsSet.get(id) ?? (localWorld ? 1 : CHAINS[id].depositConfirmations);
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  return {
    ...parsed.data,
    dataDir,
    devnetManifestPath: path.resolve(parsed.data.DEVNET_MANIFEST ?? path.join(dataDir, 'devnet', 'manifest.json')),
    chains,
    publicUrl: (parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`).replace(/\/+$/, ''),
    localWorld,
  };
}

/**
 * The settings of the processes that run apart from the server's configuration: each reads the environment here,
 * so every variable the project reads is named in this module (server/architecture.test.ts holds the rest of the
 * code to that). Secret settings may come from `<NAME>_FILE` here too.
 */
type Environment = Record<string, string | undefined>;

function resolvedSecrets(given: Environment): Environment {
  const { env, problems } = readSecretFiles(given);
  if (problems.length > 0) throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  return env;
}

/**
 * What the request proxy signs session cookies with: APP_SECRET, else the secret kept in DATA_DIR. Read on each
 * request, since the proxy runs apart from the services and their configuration.
 */
export function sessionSecretEnv(given: Environment = process.env): { APP_SECRET?: string; DATA_DIR?: string } {
  const env = resolvedSecrets(given);
  return { APP_SECRET: env.APP_SECRET, DATA_DIR: env.DATA_DIR };
}

/** Where the store is, for the command-line tools that open it without the rest of the configuration. */
export function storeLocationEnv(given: Environment = process.env): { databaseUrl?: string; dataDir: string } {
  const env = resolvedSecrets(given);
  return { databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR || '.data' };
}

/** `npm run devnet`'s settings; a port left unset is the world's default. */
export interface DevnetEnv {
  dataDir: string;
  /** DEVNET_PORTS=free: the OS chooses the ports. */
  freePorts: boolean;
  /** DEVNET_CHAINS=ETH,BASE,SOL starts only those chains (all when unset). */
  chains?: ChainId[];
  stateCacheDir?: string;
  /** `FORK_URL_<CHAIN>`: an EVM chain started as a fork of that node. */
  forkUrls: Partial<Record<EvmChainId, string>>;
  basePort?: number;
  solanaPort?: number;
}

export function devnetEnv(env: Environment = process.env): DevnetEnv {
  const port = (text: string | undefined) => (text === undefined ? undefined : Number(text));
  return {
    dataDir: env.DATA_DIR ?? '.data',
    freePorts: env.DEVNET_PORTS === 'free',
    chains: devnetChains(env.DEVNET_CHAINS),
    stateCacheDir: env.DEVNET_STATE_CACHE || undefined,
    forkUrls: Object.fromEntries(
      EVM_CHAIN_IDS.flatMap((id) => {
        const url = env[`FORK_URL_${id}`]?.trim();
        return url ? [[id, url]] : [];
      }),
    ),
    basePort: port(env.DEVNET_BASE_PORT),
    solanaPort: port(env.DEVNET_SOLANA_PORT),
  };
}

function devnetChains(value: string | undefined): ChainId[] | undefined {
  if (!value) return undefined;
  const names = value.split(',').map((name) => name.trim().toUpperCase());
  const unknown = names.filter((name) => !(CHAIN_IDS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`DEVNET_CHAINS: unknown chain ${unknown.join(', ')}`);
  return names as ChainId[];
}

/** What `npm run dev` and `npm run app` give the app server they start (scripts/local-app.ts). */
export function localAppEnv(env: Environment = process.env): { port: number; dataDir: string; devApiKey?: string } {
  return { port: Number(env.PORT ?? 3000), dataDir: path.resolve(env.DATA_DIR ?? '.data'), devApiKey: env.DEV_API_KEY || undefined };
}

/**
 * `npm start`'s settings, read before the server's modules load (so the process's output takes its format
 * first): an invalid LOG_FORMAT or LOG_LEVEL is refused by the configuration a moment later.
 */
export function startEnv(env: Environment = process.env): { logFormat: 'json' | 'text'; logLevel: StartLogLevel; port?: string; hostname?: string } {
  return {
    logFormat: env.LOG_FORMAT === 'text' ? 'text' : 'json',
    logLevel: START_LOG_LEVELS.find((level) => level === env.LOG_LEVEL) ?? 'info',
    port: env.PORT,
    hostname: env.HOSTNAME,
  };
}

const START_LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
type StartLogLevel = (typeof START_LOG_LEVELS)[number];
