/**
 * Token info: metadata, the main pool and prices (the pool reader, the one place that knows pools, or the
 * launchpad's bonding curve while a launch token is on it), taxes
 * measured by a buy and a sell through the Router, burnt and clogged supply, the DexScreener paid status and,
 * when asked for, the audit verdict. Everything independent is read at once.
 */
import { decodeFunctionResult, encodeFunctionData, erc20Abi, formatUnits, hexToString, type Address, type Hex } from 'viem';
import type { ConfiguredChain, ChainDirectory } from '@/server/chains/chain-directory';
import type { RpcBatchAnswer } from '@/server/chains/json-rpc';
import { DEXSCREENER_CHAIN_IDS, type ChainId } from '@/server/chains/registry';
import type { LocalWorld } from '@/server/devnet/local-world';
import { AppError } from '@/server/errors';
import { WRAPPED_SOL_MINT } from '@/server/venues/solana/route-source';
import type { TokenPool } from '@/server/venues/evm/pools/pool-types';
import { findTokenPools } from '@/server/venues/evm/pools/token-pools';
import { curveCall, decodeCurve, launchpadOf } from '@/server/venues/evm/launchpad-curve';
import { solUsdPrice, type SolanaTrading } from '@/server/venues/solana/solana-market';
import { curvePool, curveSummary, deeperMarket } from './curve-market';
import type { LaunchpadCurve, TokenMainPool } from './token-info-types';
import type { AuditVerdict } from '@/server/tokens/audit/verdict';
import { auditToken, type AuditDeps } from './audit/audit-token';
import { dexPaidStatus, type DexPaid } from './dex-paid/dexscreener';
import { readMintMetadata } from './solana-metadata';
import { probeTaxes } from './tax-probe';

/** A family's own reads of a token (server/tokens/token-family.ts): supply, holders, main pool, metadata. */
export interface TokenInfoPart {
  chainTokenInfo(deps: TokenInfoDeps, chain: ConfiguredChain, token: string): Promise<ChainTokenInfo>;
}

export interface TokenInfoDeps {
  chains: ChainDirectory;
  /** Each chain's family object (server/family-services.ts): here, its token reads. */
  families: (chain: ChainId) => { tokens: TokenInfoPart };
  /** Solana's route source and mints; absent where SOL has no route configured. */
  solana?: SolanaTrading;
  /** The local chain world: its Solana mints carry no metadata account, so their names come from its manifest. */
  localWorld?: LocalWorld;
  /** DexScreener's API, for the paid status; unset offline (the status is then unknown). */
  dexScreenerUrl: string | undefined;
  audit: AuditDeps;
}

export interface TokenInfoRequest {
  chain: ChainId;
  token: string;
  /** Whether to run the audit for its verdict (the slowest part). */
  audit: boolean;
}

export interface TokenInfo {
  chain: ChainId;
  token: { address: string; symbol: string; name: string; decimals: number };
  pool: TokenMainPool;
  /** Percent (5 means 5 %). */
  buyTax: number;
  sellTax: number;
  /** Percent of supply at burn addresses, and held by the token contract itself, as decimal text. */
  burntPercent: string;
  cloggedPercent: string;
  dexPaid: DexPaid;
  /** Absent when the audit was not asked for. */
  auditVerdict?: AuditVerdict;
  /** A launch token of the chain's launchpad: its curve. */
  launchpad?: LaunchpadCurve;
}

/** Where burnt tokens go: the 0x…dEaD address and the zero address. */
const BURN_ADDRESSES = ['0x000000000000000000000000000000000000dEaD', '0x0000000000000000000000000000000000000000'] as const;
/** What an ERC-20 without a readable decimals() is taken to have. */
const DEFAULT_TOKEN_DECIMALS = 18n;
const NO_POOL: TokenMainPool = { address: '', type: 'NONE', factory: 'none', liquidityUsd: 0, marketCapUsd: 0, priceNative: 0, priceUsd: 0 };

export async function tokenInfo(deps: TokenInfoDeps, request: TokenInfoRequest): Promise<TokenInfo> {
  const chain = deps.chains[request.chain];
  const [info, audit, dexPaid] = await Promise.all([
    deps.families(request.chain).tokens.chainTokenInfo(deps, chain, request.token),
    request.audit ? auditToken(deps.audit, request.chain, request.token) : Promise.resolve(undefined),
    dexPaidStatus({ baseUrl: deps.dexScreenerUrl }, DEXSCREENER_CHAIN_IDS[request.chain], request.token),
  ]);
  return { chain: request.chain, ...info, dexPaid, ...(audit !== undefined ? { auditVerdict: audit.verdict } : {}) };
}

type ChainTokenInfo = Omit<TokenInfo, 'chain' | 'dexPaid' | 'auditVerdict'>;

export async function evmTokenInfo(chain: ConfiguredChain, token: string): Promise<ChainTokenInfo> {
  const address = token as Address;
  const call = (functionName: 'name' | 'symbol' | 'decimals' | 'totalSupply') => ({
    method: 'eth_call',
    params: [{ to: address, data: encodeFunctionData({ abi: erc20Abi, functionName }) }, 'latest'],
  });
  const balanceOf = (owner: string) => ({
    method: 'eth_call',
    params: [{ to: address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner as Address] }) }, 'latest'],
  });
  const launchpad = launchpadOf(chain);
  const [metadata, pools, taxes] = await Promise.all([
    chain.rpc.requestBatch([
      { method: 'eth_getCode', params: [address, 'latest'] },
      call('name'),
      call('symbol'),
      call('decimals'),
      call('totalSupply'),
      ...BURN_ADDRESSES.map(balanceOf),
      balanceOf(address),
      ...(launchpad ? [curveCall(launchpad, token)] : []),
    ]),
    findTokenPools(chain, token),
    probeTaxes(chain, token),
  ]);
  const code = metadata[0]?.ok ? String(metadata[0].result) : '0x';
  if (code === '0x') throw new AppError('NOT_FOUND', `No token contract at ${token} on ${chain.info.id}.`);
  const decimals = Number(readUint(metadata[3]) ?? DEFAULT_TOKEN_DECIMALS);
  const totalSupply = readUint(metadata[4]) ?? 0n;
  const burnt = (readUint(metadata[5]) ?? 0n) + (readUint(metadata[6]) ?? 0n);
  const clogged = readUint(metadata[7]) ?? 0n;
  const circulating = Number(formatUnits(totalSupply - burnt, decimals));
  const curve = launchpad ? decodeCurve(launchpad, metadata[8]) : undefined;
  const pool = mainPoolOf(pools.mainPool, circulating);
  const nativeDecimals = chain.info.nativeDecimals;
  return {
    token: { address: token, name: readText(metadata[1]) ?? 'unknown', symbol: readText(metadata[2]) ?? 'unknown', decimals },
    pool: curve ? deeperMarket(pool, curvePool({ curve, tokenDecimals: decimals, nativeDecimals, nativeUsd: pools.nativeUsd, circulating })) : pool,
    buyTax: taxes.buyTax,
    sellTax: taxes.sellTax,
    burntPercent: percentOf(burnt, totalSupply),
    cloggedPercent: percentOf(clogged, totalSupply),
    ...(curve ? { launchpad: curveSummary(curve, decimals, nativeDecimals) } : {}),
  };
}

function mainPoolOf(main: TokenPool | undefined, circulating: number): TokenMainPool {
  if (!main) return NO_POOL;
  return {
    address: main.address,
    type: main.venue,
    factory: main.factoryName,
    liquidityUsd: round(main.liquidityUsd, 2),
    marketCapUsd: round(circulating * main.priceUsd, 2),
    priceNative: main.priceNative,
    priceUsd: main.priceUsd,
  };
}

/** Solana: the mint, its known name, and the maker's curve as its pool (SPL tokens have no taxes). */
export async function solanaTokenInfo(deps: TokenInfoDeps, chain: ConfiguredChain, mint: string): Promise<ChainTokenInfo> {
  const trading = deps.solana;
  if (!trading) throw new AppError('CHAIN_UNAVAILABLE', 'Token data on SOL needs a Solana route (the local maker or Jupiter) on this server.');
  const [info, supply, metadata] = await Promise.all([
    trading.mints.info(mint),
    chain.rpc.request<{ value: { amount: string } }>('getTokenSupply', [mint, { commitment: 'confirmed' }]),
    readMintMetadata(chain, mint),
  ]);
  const known = metadata ?? knownSolanaToken(deps, mint);
  const totalSupply = BigInt(supply.value.amount);
  const pool = await solanaMainPool(trading, chain.info.nativeDecimals, mint, totalSupply, info.decimals);
  return {
    token: { address: mint, symbol: known?.symbol ?? 'unknown', name: known?.name ?? 'unknown', decimals: info.decimals },
    pool,
    buyTax: 0,
    sellTax: 0,
    burntPercent: '0',
    cloggedPercent: '0',
  };
}

/**
 * The maker's curve for a mint as its pool. Its liquidity is the venue's depth in that mint: the USD value
 * the curve takes in and pays out before its price moves 2 % either way (the usual "±2 % depth"). The
 * curve's SOL side is the maker's whole SOL balance, shared by every mint it quotes, so the pool's balances
 * would give every mint the maker's entire inventory.
 */
/**
 * On x·y = k with y SOL, the price moves by r when y becomes y·√(1 + r): buying to +2 % takes in
 * y·(√1.02 − 1) SOL, selling to −2 % pays out y·(1 − √0.98). Together y·(√1.02 − √0.98).
 */
export const DEPTH_SHARE = Math.sqrt(1.02) - Math.sqrt(0.98);

export async function solanaMainPool(
  trading: SolanaTrading,
  nativeDecimals: number,
  mint: string,
  totalSupply?: bigint,
  knownDecimals?: number,
): Promise<TokenMainPool> {
  if (!('inventory' in trading.source)) return NO_POOL;
  const source = trading.source as { inventory(leg: { inputMint: string; outputMint: string }): Promise<{ reserveIn: bigint; reserveOut: bigint }> };
  const [reserves, solUsd, decimals] = await Promise.all([
    source.inventory({ inputMint: mint, outputMint: WRAPPED_SOL_MINT }),
    solUsdPrice({ trading }),
    knownDecimals ?? trading.mints.info(mint).then((info) => info.decimals),
  ]);
  const tokenAmount = Number(formatUnits(reserves.reserveIn, decimals));
  const solAmount = Number(formatUnits(reserves.reserveOut, nativeDecimals));
  const priceNative = tokenAmount > 0 ? solAmount / tokenAmount : 0;
  return {
    address: trading.maker?.address ?? '',
    type: 'MAKER',
    factory: 'maker',
    liquidityUsd: round(solAmount * DEPTH_SHARE * solUsd, 2),
    marketCapUsd: totalSupply === undefined ? 0 : round(Number(formatUnits(totalSupply, decimals)) * priceNative * solUsd, 2),
    priceNative,
    priceUsd: priceNative * solUsd,
  };
}

/** The local world's mints carry no metadata account: their names come from the world's manifest. */
function knownSolanaToken(deps: TokenInfoDeps, mint: string) {
  return deps.localWorld?.manifest.chains.SOL?.tokens.find((token) => token.address === mint);
}

function readUint(answer: RpcBatchAnswer | undefined): bigint | undefined {
  if (!answer?.ok || typeof answer.result !== 'string' || answer.result.length < 66) return undefined;
  return BigInt(answer.result.slice(0, 66));
}

/** ERC-20 name/symbol: a string, or a bytes32 on some old tokens. */
function readText(answer: RpcBatchAnswer | undefined): string | undefined {
  if (!answer?.ok || typeof answer.result !== 'string' || answer.result === '0x') return undefined;
  const raw = answer.result as Hex;
  try {
    return decodeFunctionResult({ abi: erc20Abi, functionName: 'symbol', data: raw });
  } catch {
    return raw.length === 66 ? hexToString(raw, { size: 32 }).replace(/\0+$/, '') : undefined;
  }
}

/** Percent as decimal text, down to 1e-10 %: tax collected by one small trade is a tiny share of supply. */
function percentOf(part: bigint, whole: bigint): string {
  if (whole === 0n) return '0';
  return (Number((part * 10n ** 12n) / whole) / 1e10).toString();
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
