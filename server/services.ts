/**
 * The composition root: the one place that builds clients, stores and domain services from validated
 * configuration. Domain code receives what it needs as arguments and never reaches for globals.
 */
import { createHash } from 'node:crypto';
import { loadAppSecret } from '@/server/auth/app-secret';
import type { AuthDeps } from '@/server/auth/authenticate';
import { rememberKeyLookups } from '@/server/auth/key-lookup-cache';
import { createRateLimiter, type RateLimiter } from '@/server/auth/rate-limiter';
import { createBalanceReader, type BalanceReader } from '@/server/balances/balance-reader';
import { bridgeChainsFrom } from '@/server/bridge/bridge-chains';
import type { BridgeDeps } from '@/server/bridge/bridge-deps';
import { bridgeRequestGauges } from '@/server/bridge/bridge-request-metrics';
import { inventoryGaugeValues, solverInventorySource } from '@/server/bridge/solver-inventory';
import { createBridgeSolver, LEASE_MS, type BridgeSolver } from '@/server/bridge/bridge-solver';
import { createBridgeRepository } from '@/server/store/bridge-repository';
import { boundedCache, type BoundedCache } from '@/server/cache/bounded-cache';
import { type ChainDirectory } from '@/server/chains/chain-directory';
import { createChainDirectory } from '@/server/chain-directory-setup';
import { createFamilyServices, type FamilyServices } from '@/server/family-services';
import { configuredExplorerTxLink } from '@/server/chains/explorer-links';
import { CHAIN_IDS, type ChainId } from '@/server/chains/registry';
import { readDevnetManifest, type DevnetManifest } from '@/server/chains/devnet-manifest';
import { loadConfig, type Config } from '@/server/config/env';
import { createFaucetQueue } from '@/server/devnet/faucet-queue';
import type { LocalWorld } from '@/server/devnet/local-world';
import { createPriorityFeeReader, type PriorityFeeReader } from '@/server/fees/priority-fees';
import { applyChainFaults } from '@/server/doctor/chain-faults';
import { createChainRecheck, type ChainRecheck } from '@/server/doctor/chain-recheck';
import { solverKeyHistory } from '@/server/doctor/solver-key-change';
import { DoctorRefusal, runDoctor, type DoctorRun } from '@/server/doctor/doctor';
import { capabilitySummary } from '@/server/doctor/doctor-report';
import { createHealthCheck } from '@/server/health/health-check';
import { createTradeRepository, type TradeRepository } from '@/server/store/trade-repository';
import { createBackgroundSender, type BackgroundSender } from '@/server/trading/background-sender';
import type { SolanaTrading } from '@/server/venues/solana/solana-market';
import { solanaTradingFrom } from '@/server/trading/solana/solana-trading';
import { quoteSwap } from '@/server/trading/quote-swap';
import type { SwapQuoteDeps } from '@/server/trading/trading-engines';
import { createLogger, type Logger } from '@/server/observability/logger';
import { registerChainMetrics, rpcDurationHistogram } from '@/server/observability/chain-metrics';
import { createMetrics, registerReadGauge, type Metrics } from '@/server/observability/metrics';
import { createApiKeyRepository } from '@/server/store/api-key-repository';
import { openStore, type Store } from '@/server/store/database';
import { createRateLimitRepository } from '@/server/store/rate-limit-repository';
import { serveStoreOverSocket } from '@/server/store/shared-pglite';
import { createAuditDeps } from '@/server/tokens/audit/audit-deps';
import { createTokenRiskReader, type TokenRiskReader } from '@/server/tokens/token-risk';
import { nativeUsdRangeReader } from '@/server/routing/native-usd/native-usd-range';
import { createNativeUsdRangeCache } from '@/server/routing/native-usd/native-usd-range-cache';
import { createRoutingCaches } from '@/server/routing/routing-caches';
import { createPoolCreations, type PoolCreations } from '@/server/venues/evm/pools/pool-creation';
import packageJson from '@/package.json';

export interface Services {
  config: Config;
  version: string;
  logger: Logger;
  metrics: Metrics;
  store: Store;
  auth: AuthDeps;
  rateLimiter: RateLimiter;
  chains: ChainDirectory;
  /** Each chain's family object: its chain provider and each layer's part for the family (server/family-services.ts). */
  families: (chain: ChainId) => FamilyServices;
  /** Present only when the app runs on the local chain world. */
  localWorld?: LocalWorld;
  health: ReturnType<typeof createHealthCheck>;
  priorityFees: PriorityFeeReader;
  trades: TradeRepository;
  /** Sends queued follow-up transactions; started by the app process only (getServices). */
  background: BackgroundSender;
  balances: BalanceReader;
  /** Solana trading (route source, mints, fee collector); absent where SOL has no route configured. */
  solana?: SolanaTrading;
  /** Bridging: the chains it can bridge, stored requests and settings (server/bridge). */
  bridge: BridgeDeps;
  /** Finds deposits and pays fills and refunds; started by the app process only (getServices). */
  solver: BridgeSolver;
  /** Keys session cookies and quote ids; shared by every instance (APP_SECRET). */
  appSecret: string;
  /** The traded tokens' honeypot, taxes and audit state for quotes, kept per token for a range of blocks. */
  tokenRisk: TokenRiskReader;
  /** When each pool pool-info was asked about was created (a creation never changes). */
  poolCreations: PoolCreations;
  /** The OpenAPI document's text by version, built on its first request (server/rest/operational-routes.ts). */
  openApiDocument: BoundedCache<string, string>;
  /** The doctor's latest checks of this configuration: faults, warnings, what each chain can do now. */
  doctor(): Promise<DoctorRun>;
  /** Runs the doctor's checks again every CHAIN_RECHECK_MS; started by the app process only (getServices). */
  chainRecheck: ChainRecheck;
  /** Counts each execute's outcome (trades_total). */
  countTrade(chain: ChainId, outcome: 'success' | 'failed' | 'refused', code: string): void;
  close(): Promise<void>;
}

/** The dev key gets a generous limit: scripts and test suites hammer the local world. */
const DEV_KEY_RATE_LIMIT = 100_000;
const KEY_TOUCH_INTERVAL_MS = 60_000;

export async function createServices(config: Config, options: { shareStore?: boolean } = {}): Promise<Services> {
  const logger = createLogger(config.LOG_LEVEL);
  const metrics = createMetrics();
  const store = await openStore({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, logger });
  // The key CLI reaches an embedded PGlite store through this socket while the app holds it open.
  const shared = store.engine === 'pglite' && options.shareStore ? await serveStoreOverSocket(store, config.dataDir) : undefined;
  const appSecret = loadAppSecret(config);
  const auth = createAuthDeps(config, store, appSecret, logger);
  const { manifest, chains } = openChains(config, metrics);
  // Every cache lives in this instance: two services in one process (tests, the solver's) share nothing.
  const families = createFamilyServices(createRoutingCaches());
  // The doctor's runs read the trading layer built after them, only once they run.
  const monitoring = { config, chains, families, manifest, store, logger, metrics };
  const { chainRecheck, doctor, countTrade, health } = createMonitoring({ ...monitoring, trading: () => trading });
  const trading = createTrading({ ...monitoring, appSecret });
  const { trades, balances, background, priorityFees, solana, tokenRisk, bridge, solver } = trading;
  const rateLimiter = createRateLimiter(createRateLimitRepository(store.db));

  return {
    config,
    version: packageJson.version,
    logger,
    metrics,
    store,
    auth,
    rateLimiter,
    chains,
    families,
    localWorld: manifest ? { manifest, faucetQueue: createFaucetQueue() } : undefined,
    health,
    priorityFees,
    balances,
    solana,
    bridge,
    solver,
    appSecret,
    tokenRisk,
    trades,
    background,
    poolCreations: createPoolCreations(),
    openApiDocument: boundedCache<string, string>({ name: 'openapi document', max: 1 }),
    doctor,
    chainRecheck,
    countTrade,
    async close() {
      await chainRecheck.stop();
      await solver.stop();
      await background.stop();
      await rateLimiter.flush();
      await shared?.close();
      await store.close();
    },
  };
}

/** The chain clients, with the local world's manifest when the app runs on it; each RPC call is counted and timed. */
function openChains(config: Config, metrics: Metrics): { manifest: DevnetManifest | undefined; chains: ChainDirectory } {
  const manifest = config.localWorld ? readDevnetManifest(config.devnetManifestPath) : undefined;
  const chains = createChainDirectory(
    config,
    manifest,
    (call) => metrics.rpcCalls.inc({ chain: call.chain, method: call.method, outcome: call.outcome }),
    undefined,
    rpcDurationHistogram(metrics),
  );
  return { manifest, chains };
}

type TradingLayer = Pick<Services, 'trades' | 'balances' | 'background' | 'priorityFees' | 'solana' | 'tokenRisk' | 'bridge' | 'solver'>;

interface MonitoringInputs {
  config: Config;
  chains: ChainDirectory;
  families: Services['families'];
  manifest: DevnetManifest | undefined;
  store: Store;
  logger: Logger;
  metrics: Metrics;
  /** The trading layer, read only when the doctor runs (it is built after the monitoring). */
  trading: () => TradingLayer;
}

/** The doctor's rechecks, the chain metrics and the health check. */
function createMonitoring({
  config,
  chains,
  families,
  manifest,
  store,
  logger,
  metrics,
  trading,
}: MonitoringInputs): Pick<Services, 'chainRecheck' | 'doctor' | 'countTrade' | 'health'> {
  const pingStorage = async () => {
    await store.db.selectNoFrom((eb) => eb.lit(1).as('one')).execute();
  };
  // Run by getServices at start (a fault stops the app), or on the first request that shows capabilities;
  // then again in the background, each run replacing the last.
  const chainRecheck = createChainRecheck({
    chains,
    logger,
    intervalMs: config.CHAIN_RECHECK_MS,
    onRun: (run) => applyChainFaults(run, trading().bridge, logger),
    runDoctor: () =>
      runDoctor({
        config,
        chains,
        manifest,
        solanaRouted: trading().solana !== undefined,
        pingStorage,
        solverKeys: solverKeyHistory(store.db, { record: true }),
        families,
      }),
  });
  const doctor = () => chainRecheck.latest();
  const countTrade = registerChainMetrics(metrics, {
    chains,
    capabilities: async () => (await doctor()).chains,
    probeTimeoutMs: config.HEALTH_PROBE_TIMEOUT_MS,
    version: packageJson.version,
    commit: config.BUILD_COMMIT,
  });
  const health = createHealthCheck({
    chains,
    pingStorage,
    capabilities: async () => (await doctor()).chains,
    storageEngine: store.engine,
    version: packageJson.version,
    cacheMs: config.HEALTH_CACHE_MS,
    probeTimeoutMs: config.HEALTH_PROBE_TIMEOUT_MS,
  });
  return { chainRecheck, doctor, countTrade, health };
}

/** Trade records, balances, follow-up sends, fees, Solana routing, token risk and the bridge with its solver. */
function createTrading({
  config,
  chains,
  families,
  manifest,
  store,
  appSecret,
  logger,
  metrics,
}: Omit<MonitoringInputs, 'trading'> & { appSecret: string }): TradingLayer {
  const trades = createTradeRepository(store.db, store.writeOrder);
  const balances = createBalanceReader(chains);
  const background = createBackgroundSender({ chains, trades, logger });
  const priorityFees = createPriorityFeeReader(chains);
  const solana = solanaTradingFrom(config, chains.SOL, manifest, balances);
  const tokenRisk = createTokenRiskReader(createAuditDeps({ chains, families, config }));
  const swapQuoteDeps: SwapQuoteDeps = { chains, families, priorityFees, appSecret, balances, solana, tokenRisk };
  const { bridge, solver } = createBridge({ config, chains, families, manifest, priorityFees, solana, store, logger, metrics, swapQuoteDeps });
  registerBridgeGauges(metrics, bridge, manifest);
  return { trades, balances, background, priorityFees, solana, tokenRisk, bridge, solver };
}

/** What authenticating a request needs; a key's last use is written at most once a minute. */
function createAuthDeps(config: Config, store: Store, appSecret: string, logger: Logger): AuthDeps {
  const apiKeys = createApiKeyRepository(store.db);
  const lastTouched = new Map<string, number>();
  return {
    findKeyByHash: rememberKeyLookups((keyHash) => apiKeys.findActiveByHash(keyHash)),
    keyUsed(id) {
      const now = Date.now();
      if (now - (lastTouched.get(id) ?? 0) < KEY_TOUCH_INTERVAL_MS) return;
      lastTouched.set(id, now);
      void apiKeys.touch(id).catch((error: unknown) => logger.warn('could not record key use', { keyId: id, error }));
    },
    devKeyHash: config.localWorld && config.DEV_API_KEY ? createHash('sha256').update(config.DEV_API_KEY).digest('hex') : undefined,
    devRateLimitPerMinute: DEV_KEY_RATE_LIMIT,
    sessionSecret: appSecret,
    sessionRateLimitPerMinute: config.SESSION_RATE_LIMIT_PER_MINUTE,
  };
}

interface BridgeInputs extends Omit<MonitoringInputs, 'trading'> {
  priorityFees: PriorityFeeReader;
  solana: SolanaTrading | undefined;
  /** The solver's own swaps go through the same quote engine as every trader's. */
  swapQuoteDeps: SwapQuoteDeps;
}

/** Scrapes may come every few seconds; the inventory is one balance read per chain and token. */
const INVENTORY_GAUGE_MAX_AGE_MS = 15_000;
/** The requests' figures are one grouped query: read more often than the inventory, still not on every scrape. */
const REQUEST_GAUGES_MAX_AGE_MS = 5_000;

/** What operators watch of the bridge on /api/metrics, read when scraped (the counters are kept by the solver). */
function registerBridgeGauges(metrics: Metrics, bridge: BridgeDeps, manifest: DevnetManifest | undefined): void {
  registerReadGauge(
    metrics,
    {
      name: 'bridge_solver_inventory',
      help: 'What the bridge solver holds, in whole units, by chain and token',
      labelNames: ['chain', 'token'],
    },
    inventoryGaugeValues(solverInventorySource(bridge, manifest), INVENTORY_GAUGE_MAX_AGE_MS),
  );
  const requests = bridgeRequestGauges(bridge.requests, REQUEST_GAUGES_MAX_AGE_MS);
  registerReadGauge(
    metrics,
    {
      name: 'bridge_requests',
      labelNames: ['state'],
      help: "Bridge requests by state (confirming: a deposit seen below its chain's depth; waiting: quotes not expired). Shared storage: aggregate instances with max",
    },
    requests.byPhase,
  );
  registerReadGauge(
    metrics,
    {
      name: 'bridge_oldest_request_age_seconds',
      labelNames: ['state'],
      help: 'Seconds since the deposit of the oldest request still confirming, pending (fill owed) or refunding; 0 when none',
    },
    requests.oldestAge,
  );
}

/** The bridge and its solver, built together: new requests kick the solver, which works on the bridge's requests. */
function createBridge({ config, chains, families, manifest, priorityFees, solana, store, logger, metrics, swapQuoteDeps }: BridgeInputs): {
  bridge: BridgeDeps;
  solver: BridgeSolver;
} {
  const bridgeable = bridgeChainsFrom({
    config,
    chains,
    families,
    manifest,
    fees: priorityFees,
    solana,
    nativeUsdRange: nativeUsdRangeReader(createNativeUsdRangeCache()),
  });
  const bridge: BridgeDeps = {
    chains: bridgeable.chains,
    missing: bridgeable.missing,
    requests: createBridgeRepository(store.db, store.writeOrder),
    logger,
    feeBps: config.BRIDGE_FEE_BPS,
    quoteTtlMs: config.BRIDGE_QUOTE_TTL_MS,
    executeWaitMs: config.BRIDGE_EXECUTE_WAIT_MS,
    publicUrl: config.publicUrl,
    explorerTxUrl: (chain, hash) => configuredExplorerTxLink(chains[chain], hash),
    kickSolver: () => solver.kick(),
    workOn: (requestId, claimed) => solver.workOn(requestId, claimed),
    signFillAhead: (row, depositSent) => solver.signFillAhead(row, depositSent),
    leaseMs: LEASE_MS,
    counters: {
      filled: (chain) => metrics.bridgeFills.inc({ chain }),
      refunded: (chain) => metrics.bridgeRefunds.inc({ chain }),
    },
    swaps: { quote: (chain, request) => quoteSwap(swapQuoteDeps, chain, request) },
    limits: {
      maxUsd: config.BRIDGE_MAX_USD,
      maxOutstandingUsd: Object.fromEntries(CHAIN_IDS.map((id) => [id, config.chains[id].bridgeMaxOutstandingUsd])),
      maxDestinationGas: BigInt(config.BRIDGE_MAX_DESTINATION_GAS),
    },
    swapGas: boundedCache<string, bigint>({ name: 'bridge swap gas', max: SWAP_GAS_ENTRIES }),
  };
  const solver = createBridgeSolver(bridge);
  return { bridge, solver };
}

/** Destination tokens whose swap gas is remembered (one entry per chain and token). */
const SWAP_GAS_ENTRIES = 2_000;

const GLOBAL_KEY = Symbol.for('swapbridge.services');
type GlobalWithServices = typeof globalThis & { [GLOBAL_KEY]?: Promise<Services> };

/**
 * The process-wide services of the running app, built on first use. Kept on globalThis because Next.js
 * may evaluate route modules more than once (dev reloads, separate bundles) within one process, and the
 * embedded store must be opened exactly once.
 */
export function getServices(): Promise<Services> {
  const holder = globalThis as GlobalWithServices;
  if (!holder[GLOBAL_KEY]) {
    holder[GLOBAL_KEY] = createServices(loadConfig(), { shareStore: true }).then(async (services) => {
      const run = await services.doctor();
      for (const warning of run.warnings) services.logger.warn('doctor', { subject: warning.subject, message: warning.message });
      if (run.refusals.length > 0) {
        await services.close();
        throw new DoctorRefusal(run.refusals);
      }
      services.logger.info('chains served', { capabilities: capabilitySummary(run.chains) });
      services.background.start();
      services.solver.start(services.config.BRIDGE_POLL_MS);
      services.chainRecheck.start();
      return services;
    });
    holder[GLOBAL_KEY].catch(() => {
      holder[GLOBAL_KEY] = undefined;
    });
  }
  return holder[GLOBAL_KEY];
}
