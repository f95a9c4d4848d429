/**
 * Token info (`/api/v1/token-info`): metadata, the main pool and prices (the pool reader, the one place
 * that knows pools), taxes measured by a buy and a sell through the Router, burnt and clogged supply, the
 * DexScreener paid status, our fees on a reference trade and, unless `audit=false`, the audit verdict.
 * Everything independent is read at once.
 */
import { decodeFunctionResult, encodeFunctionData, erc20Abi, formatUnits, hexToString, type Address, type Hex } from 'viem';
import type { z } from 'zod';
import type { tokenInfoInput, tokenInfoOutput } from '@/server/api/contract/tokens';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import { detectChain } from '@/server/chains/detect-chain';
import type { RpcBatchAnswer } from '@/server/chains/json-rpc';
import { DEXSCREENER_CHAIN_IDS, type ChainId } from '@/server/chains/registry';
import { AppError } from '@/server/errors';
import type { Services } from '@/server/services';
import { feeSplit } from '@/server/trading/fee-model';
import { WRAPPED_SOL_MINT } from '@/server/venues/solana/route-source';
import { findTokenPools } from '@/server/venues/evm/pools/token-pools';
import { solUsdPrice } from '@/server/trading/solana/solana-quote';
import { auditToken } from './audit/audit-token';
import { createAuditDeps } from './audit/audit-deps';
import { dexPaidStatus } from './dex-paid/dexscreener';
import { readMintMetadata } from './solana-metadata';
import { probeTaxes } from './tax-probe';

export type TokenInfoServices = Pick<Services, 'chains' | 'config' | 'solana' | 'localWorld'> & {
  /** The audit verdict word of a token; only called when the audit is asked for. */
  auditVerdict(chain: ChainId, token: string): Promise<string>;
};

/** buyFeeUsd / sellFeeUsd: our fees (the v1 base fee, no integrator fee) on a trade of this many USD. */
export const REFERENCE_TRADE_USD = 1_000;
/** Where burnt tokens go: the 0x…dEaD address and the zero address. */
const BURN_ADDRESSES = ['0x000000000000000000000000000000000000dEaD', '0x0000000000000000000000000000000000000000'] as const;

type Answer = z.input<typeof tokenInfoOutput>;

export async function tokenInfo(services: TokenInfoServices, input: z.output<typeof tokenInfoInput>): Promise<Answer> {
  const chainId = input.chain ?? (await detectChain(services.chains, input.token, { field: 'token' }));
  const chain = services.chains[chainId];
  const withAudit = input.audit !== false;
  const [info, audit, dexPaid] = await Promise.all([
    chain.info.family === 'evm' ? evmTokenInfo(chain, input.token) : solanaTokenInfo(services, chain, input.token),
    withAudit ? services.auditVerdict(chainId, input.token) : Promise.resolve(undefined),
    dexPaidStatus({ baseUrl: services.config.DEXSCREENER_API_URL }, DEXSCREENER_CHAIN_IDS[chainId], input.token),
  ]);
  const fee = referenceFeeUsd();
  return {
    success: true,
    tokenInfo: { token: info.token, chain: chainId },
    poolInfo: info.pool,
    misc: {
      buyTax: info.buyTax,
      sellTax: info.sellTax,
      burnt: info.burnt,
      clogged: info.clogged,
      dexPaid,
      buyFeeUsd: fee,
      sellFeeUsd: fee,
      ...(audit !== undefined ? { audit } : {}),
    },
  };
}

interface ChainTokenInfo {
  token: { address: string; symbol: string; name: string; decimals: number };
  pool: Answer['poolInfo'];
  buyTax: number;
  sellTax: number;
  burnt: string;
  clogged: string;
}

function referenceFeeUsd(): number {
  const split = feeSplit('v1', 0);
  return (REFERENCE_TRADE_USD * (split.protocolBps + split.integratorBps)) / 10_000;
}

async function evmTokenInfo(chain: ConfiguredChain, token: string): Promise<ChainTokenInfo> {
  const address = token as Address;
  const call = (functionName: 'name' | 'symbol' | 'decimals' | 'totalSupply') =>
    ({ method: 'eth_call', params: [{ to: address, data: encodeFunctionData({ abi: erc20Abi, functionName }) }, 'latest'] });
  const balanceOf = (owner: string) =>
    ({ method: 'eth_call', params: [{ to: address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner as Address] }) }, 'latest'] });
  const [metadata, pools, taxes] = await Promise.all([
    chain.rpc.requestBatch([
      { method: 'eth_getCode', params: [address, 'latest'] },
      call('name'), call('symbol'), call('decimals'), call('totalSupply'),
      ...BURN_ADDRESSES.map(balanceOf),
      balanceOf(address),
    ]),
    findTokenPools(chain, token),
    probeTaxes(chain, token),
  ]);
  const code = metadata[0]?.ok ? String(metadata[0].result) : '0x';
  if (code === '0x') throw new AppError('NOT_FOUND', `No token contract at ${token} on ${chain.info.id}.`);
  const decimals = Number(readUint(metadata[3]) ?? 18n);
  const totalSupply = readUint(metadata[4]) ?? 0n;
  const burnt = (readUint(metadata[5]) ?? 0n) + (readUint(metadata[6]) ?? 0n);
  const clogged = readUint(metadata[7]) ?? 0n;
  const main = pools.mainPool;
  const circulating = Number(formatUnits(totalSupply - burnt, decimals));
  return {
    token: { address: token, name: readText(metadata[1]) ?? 'unknown', symbol: readText(metadata[2]) ?? 'unknown', decimals },
    pool: {
      address: main?.address ?? '',
      type: main?.venue ?? 'NONE',
      factory: main?.factoryName ?? 'none',
      liquidity: round(main?.liquidityUsd ?? 0, 2),
      marketCap: round(circulating * (main?.priceUsd ?? 0), 2),
      priceNative: main?.priceNative ?? 0,
      priceUsd: main?.priceUsd ?? 0,
    },
    buyTax: taxes.buyTax,
    sellTax: taxes.sellTax,
    burnt: percentOf(burnt, totalSupply),
    clogged: percentOf(clogged, totalSupply),
  };
}

/** Solana: the mint, its known name, and the maker's curve as its pool (SPL tokens have no taxes). */
async function solanaTokenInfo(services: TokenInfoServices, chain: ConfiguredChain, mint: string): Promise<ChainTokenInfo> {
  const trading = services.solana;
  if (!trading) throw new AppError('CHAIN_UNAVAILABLE', 'Token data on SOL needs a Solana route (the local maker or Jupiter) on this server.');
  const [info, supply, metadata] = await Promise.all([
    trading.mints.info(mint),
    chain.rpc.request<{ value: { amount: string } }>('getTokenSupply', [mint, { commitment: 'confirmed' }]),
    readMintMetadata(chain, mint),
  ]);
  const known = metadata ?? knownSolanaToken(services, mint);
  const totalSupply = BigInt(supply.value.amount);
  let pool: Answer['poolInfo'] = { address: '', type: 'NONE', factory: 'none', liquidity: 0, marketCap: 0, priceNative: 0, priceUsd: 0 };
  if ('inventory' in trading.source) {
    const source = trading.source as { inventory(leg: { inputMint: string; outputMint: string }): Promise<{ reserveIn: bigint; reserveOut: bigint }> };
    const [reserves, solUsd] = await Promise.all([source.inventory({ inputMint: mint, outputMint: WRAPPED_SOL_MINT }), solUsdPrice({ trading })]);
    const tokenAmount = Number(formatUnits(reserves.reserveIn, info.decimals));
    const solAmount = Number(formatUnits(reserves.reserveOut, 9));
    const priceNative = tokenAmount > 0 ? solAmount / tokenAmount : 0;
    pool = {
      address: trading.maker?.publicKey.toBase58() ?? '',
      type: 'MAKER',
      factory: 'maker',
      liquidity: round(solAmount * solUsd * 2, 2),
      marketCap: round(Number(formatUnits(totalSupply, info.decimals)) * priceNative * solUsd, 2),
      priceNative,
      priceUsd: priceNative * solUsd,
    };
  }
  return {
    token: { address: mint, symbol: known?.symbol ?? 'unknown', name: known?.name ?? 'unknown', decimals: info.decimals },
    pool,
    buyTax: 0,
    sellTax: 0,
    burnt: '0',
    clogged: '0',
  };
}

/** The local world's mints carry no metadata account: their names come from the world's manifest. */
function knownSolanaToken(services: TokenInfoServices, mint: string) {
  return services.localWorld?.manifest.chains.SOL?.tokens.find((token) => token.address === mint);
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

/** token-info with the real audit behind misc.audit (the endpoint's entry point). */
export function tokenInfoFor(services: Omit<TokenInfoServices, 'auditVerdict'>, input: z.output<typeof tokenInfoInput>): Promise<Answer> {
  const audit = createAuditDeps(services);
  return tokenInfo({ ...services, auditVerdict: async (chain, token) => (await auditToken(audit, chain, token)).verdict }, input);
}
