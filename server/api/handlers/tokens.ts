/**
 * Token data over the v1 and v2 interfaces: token-info, token-audit and the two value estimates. The chain is
 * detected from the token when the request leaves it out; the domain's results become each endpoint's shape.
 */
import { formatUnits } from 'viem';
import type { z } from 'zod';
import type { ChainDirectory } from '@/server/chains/chain-directory';
import { detectChain } from '@/server/tokens/detect-chain';
import { NATIVE_TOKEN_ADDRESS, type ChainId } from '@/server/chains/registry';
import type { FamilyServices } from '@/server/family-services';
import type { Config } from '@/server/config/env';
import type { LocalWorld } from '@/server/devnet/local-world';
import { AppError } from '@/server/errors';
import { createAuditDeps } from '@/server/tokens/audit/audit-deps';
import { auditToken } from '@/server/tokens/audit/audit-token';
import { tokenInfo } from '@/server/tokens/token-info';
import { estimateValue, type ValueDeps, type ValueEstimate } from '@/server/tokens/value';
import { BPS, feeSplit } from '@/server/fees/fee-model';
import type { SolanaTrading } from '@/server/venues/solana/solana-market';
import type {
  tokenAuditInput,
  tokenAuditOutput,
  tokenInfoInput,
  tokenInfoOutput,
  v1ValueInput,
  v1ValueOutput,
  v2ValueInput,
  v2ValueOutput,
} from '../contract/tokens';

interface TokenDataServices {
  chains: ChainDirectory;
  families: (chain: ChainId) => FamilyServices;
  config: Pick<Config, 'DEXSCREENER_API_URL' | 'GOPLUS_API_URL' | 'RUGCHECK_API_URL'>;
  solana?: SolanaTrading;
  localWorld?: LocalWorld;
}

/** buyFeeUsd / sellFeeUsd: our fees (the v1 base fee, no integrator fee) on a trade of this many USD. */
const REFERENCE_TRADE_USD = 1_000;

export async function tokenInfoAnswer(services: TokenDataServices, input: z.output<typeof tokenInfoInput>): Promise<z.input<typeof tokenInfoOutput>> {
  const chain = input.chain ?? (await detectChain(services.chains, input.token, { field: 'token' }));
  const info = await tokenInfo(
    {
      chains: services.chains,
      families: services.families,
      solana: services.solana,
      localWorld: services.localWorld,
      dexScreenerUrl: services.config.DEXSCREENER_API_URL,
      audit: createAuditDeps(services),
    },
    { chain, token: input.token, audit: input.audit !== false },
  );
  const fee = referenceFeeUsd();
  return {
    success: true,
    tokenInfo: { token: info.token, chain },
    poolInfo: {
      address: info.pool.address,
      type: info.pool.type,
      factory: info.pool.factory,
      liquidity: info.pool.liquidityUsd,
      marketCap: info.pool.marketCapUsd,
      priceNative: info.pool.priceNative,
      priceUsd: info.pool.priceUsd,
    },
    misc: {
      buyTax: info.buyTax,
      sellTax: info.sellTax,
      burnt: info.burntPercent,
      clogged: info.cloggedPercent,
      dexPaid: info.dexPaid,
      buyFeeUsd: fee,
      sellFeeUsd: fee,
      ...(info.auditVerdict !== undefined ? { audit: info.auditVerdict } : {}),
    },
    ...(info.launchpad ? { launchpad: info.launchpad } : {}),
  };
}

export async function tokenAuditAnswer(
  services: Pick<TokenDataServices, 'chains' | 'families' | 'config'>,
  input: z.output<typeof tokenAuditInput>,
): Promise<z.input<typeof tokenAuditOutput>> {
  const chain = input.chain ?? (await detectChain(services.chains, input.token, { field: 'token' }));
  return { success: true, audit: await auditToken(createAuditDeps(services), chain, input.token) };
}

export async function v1ValueAnswer(services: ValueDeps, input: z.output<typeof v1ValueInput>): Promise<z.input<typeof v1ValueOutput>> {
  const chain = input.chain ?? (await detectChain(services.chains, input.token, { field: 'token' }));
  const buy = input.side === 'BUY';
  const [tokenIn, tokenOut] = buy ? [NATIVE_TOKEN_ADDRESS, input.token] : [input.token, NATIVE_TOKEN_ADDRESS];
  const estimate = await estimateValue(services, { chain, tokenIn, tokenOut, amount: amountOf(input), fees: feeSplit('v1', 0) });
  return { success: true, side: input.side, cumulativePoolFee: estimate.cumulativePoolFee, ...amounts(tokenIn, tokenOut, estimate) };
}

export async function v2ValueAnswer(services: ValueDeps, input: z.output<typeof v2ValueInput>): Promise<z.input<typeof v2ValueOutput>> {
  // The token traded against the native coin names the chain; between two tokens, tokenIn does.
  const [detectFrom, field] = input.tokenIn === NATIVE_TOKEN_ADDRESS ? [input.tokenOut, 'tokenOut'] : [input.tokenIn, 'tokenIn'];
  const chain = input.chain ?? (await detectChain(services.chains, detectFrom, { field }));
  if (input.amount === undefined && !services.families(chain).value.pricesWholeBalance) {
    throw new AppError('INVALID_INPUT', 'amount: is required on SOL (the whole balance cannot be priced there)', { field: 'amount' });
  }
  const estimate = await estimateValue(services, { chain, tokenIn: input.tokenIn, tokenOut: input.tokenOut, amount: amountOf(input), fees: feeSplit('v2', 0) });
  return {
    success: true,
    side: input.tokenIn === NATIVE_TOKEN_ADDRESS ? 'BUY' : 'SELL',
    cumulativePoolFee: estimate.cumulativePoolFee,
    outputValueUsd: estimate.outputValueUsd,
    error: null,
    ...amounts(input.tokenIn, input.tokenOut, estimate),
  };
}

function referenceFeeUsd(): number {
  const split = feeSplit('v1', 0);
  return (REFERENCE_TRADE_USD * (split.protocolBps + split.integratorBps)) / BPS;
}

/** The amount in human units, or (validation made sure there is a trader then) the trader's whole balance. */
function amountOf(input: { amount?: number; trader?: string }) {
  return input.amount === undefined ? { balanceOf: input.trader! } : { decimal: decimalText(input.amount) };
}

/** A JSON number as exact decimal text (no exponent) for parseUnits. */
function decimalText(value: number): string {
  const text = String(value);
  return text.includes('e') ? value.toFixed(20).replace(/\.?0+$/, '') : text;
}

function amounts(tokenIn: string, tokenOut: string, estimate: ValueEstimate) {
  return {
    inputAddress: tokenIn,
    inputAmount: Number(formatUnits(estimate.amountIn, estimate.decimalsIn)),
    outputAddress: tokenOut,
    outputAmount: Number(formatUnits(estimate.amountOut, estimate.decimalsOut)),
  };
}
