/**
 * Our own checks of an EVM token, read beside the tax probe, the pool reader (the token's Uniswap V2/V3
 * pools, deepest first) and its launchpad curve, if any, in two JSON-RPC batches:
 * 1. the code, the EIP-1967 implementation slot and owner();
 * 2. once the pools are known, the main V2 pair's LP supply and the LP at burn addresses, and a proxy's
 *    implementation code.
 */
import { encodeFunctionData, erc20Abi, type Address, type Hex } from 'viem';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import type { RpcBatchAnswer, RpcCall } from '@/server/chains/json-rpc';
import { hexData } from '@/server/chains/rpc-answers';
import { formatPercent, formatUsd } from '@/server/display/number-text';
import { AppError } from '@/server/errors';
import type { TaxReport } from '@/server/tokens/tax-probe';
import type { TokenPool, TokenPools } from '@/server/venues/evm/pools/pool-types';
import { findTokenPools } from '@/server/venues/evm/pools/token-pools';
import { readCurve, type CurveState } from '@/server/venues/evm/launchpad-curve';
import { venueById } from '@/server/venues/evm/venue-table';
import { curveLiquidityUsd } from '../curve-market';
import { privilegedFunctions, type PrivilegeGroup } from './privileged-selectors';
import type { AuditCheck, CheckStatus } from './verdict';

export type ProbeTaxes = (chain: ConfiguredChain, token: string) => Promise<TaxReport>;

/** Buy and sell tax thresholds, percent: pass up to the first, warn up to the second, fail above. */
export const TAX_PASS_MAX = 1;
export const TAX_WARN_MAX = 10;
/** Main pool liquidity thresholds, USD: fail below the first, warn below the second. */
export const LIQUIDITY_FAIL_BELOW = 1_000;
export const LIQUIDITY_WARN_BELOW = 10_000;

/** bytes32(uint256(keccak256('eip1967.proxy.implementation')) - 1) */
const EIP1967_IMPLEMENTATION_SLOT = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
const BURN_ADDRESSES = ['0x000000000000000000000000000000000000dEaD', ZERO_ADDRESS] as const;
/** Uniswap V2 locks this much LP at the zero address on a pair's first mint: it says nothing about the owner. */
const V2_MINIMUM_LIQUIDITY = 1000n;

const ownerAbi = [{ type: 'function', name: 'owner', stateMutability: 'view', inputs: [], outputs: [{ type: 'address' }] }] as const;

const GROUP_LABELS: Readonly<Record<PrivilegeGroup, string>> = {
  mint: 'mint',
  blacklist: 'blacklist',
  pause: 'pause',
  'fee setter': 'fee setter',
  ownership: 'ownership',
};

export type Settled<T> = { ok: true; value: T } | { ok: false; reason: string };

function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, reason: error instanceof Error ? error.message : String(error) }),
  );
}

export async function evmChecks(chain: ConfiguredChain, token: string, probeTaxes: ProbeTaxes): Promise<AuditCheck[]> {
  const address = token as Address;
  const probe = settle(probeTaxes(chain, token));
  const pools = settle(findTokenPools(chain, token));
  const curve = readCurve(chain, token).catch(() => undefined);
  const first = await chain.rpc.requestBatch([
    { method: 'eth_getCode', params: [address, 'latest'] },
    { method: 'eth_getStorageAt', params: [address, EIP1967_IMPLEMENTATION_SLOT, 'latest'] },
    ethCall(address, encodeFunctionData({ abi: ownerAbi, functionName: 'owner' })),
  ]);
  const code = data(first[0]) ?? '0x';
  if (code === '0x') {
    await Promise.all([probe, pools]);
    throw new AppError('NOT_FOUND', `No token contract at ${token} on ${chain.info.id}.`);
  }
  const implementation = addressIn(first[1]);
  const ownerWord = uint(first[2]);
  const owner = ownerWord === 0n ? ZERO_ADDRESS : addressIn(first[2]);

  const found = await pools;
  // The first pool whose LP tokens tell how much liquidity is burnt (a V2-family pair).
  const mainV2 = found.ok ? found.value.pools.find((pool) => venueById(pool.venue).lpTokenPools) : undefined;
  const second: RpcCall[] = [
    ...(mainV2
      ? [
          ethCall(mainV2.address, encodeFunctionData({ abi: erc20Abi, functionName: 'totalSupply' })),
          ...BURN_ADDRESSES.map((burn) => balanceOf(mainV2.address as Address, burn)),
        ]
      : []),
    ...(implementation ? [{ method: 'eth_getCode', params: [implementation, 'latest'] }] : []),
  ];
  const answers = second.length > 0 ? await chain.rpc.requestBatch(second) : [];
  const burnAt = mainV2 ? 1 + BURN_ADDRESSES.length : 0;
  const lp = mainV2 ? lpState(mainV2, answers.slice(0, burnAt), lpPairName(chain, mainV2, found.ok ? found.value.mainPool : undefined)) : undefined;
  const implementationCode = implementation ? data(answers[burnAt]) : undefined;

  const taxes = await probe;
  return [...taxChecks(taxes), privilegeCheck(code, implementation, implementationCode, owner), liquidityCheck(chain, found, await curve), burntCheck(lp)];
}

function lpState(pair: TokenPool, answers: RpcBatchAnswer[], name: string): LpState {
  const burnt = answers.slice(1).reduce((sum, answer) => sum + (uint(answer) ?? 0n), 0n);
  return { pair: name, supply: uint(answers[0]) ?? 0n, burnt: burnt >= V2_MINIMUM_LIQUIDITY ? burnt - V2_MINIMUM_LIQUIDITY : 0n };
}

/** The checked pair as a reader can find it: venue, what it pairs the token with, address, and whether it is the main pool. */
export function lpPairName(
  chain: Pick<ConfiguredChain, 'venues'>,
  pair: Pick<TokenPool, 'address' | 'quoteToken' | 'factoryName'>,
  main: Pick<TokenPool, 'address'> | undefined,
): string {
  const stable = chain.venues?.stable.address.toLowerCase() === pair.quoteToken.toLowerCase();
  const isMain = main?.address.toLowerCase() === pair.address.toLowerCase();
  return `the ${pair.factoryName} pair against the ${stable ? 'stable' : 'wrapped native token'} (${pair.address}${isMain ? ', the main pool' : ''})`;
}

export function taxChecks(taxes: Settled<TaxReport>): AuditCheck[] {
  if (!taxes.ok) {
    const detail = `The buy and sell simulation could not run: ${taxes.reason}`;
    return ['honeypot', 'buy-tax', 'sell-tax'].map((id) => ({ id, status: 'unknown' as const, detail }));
  }
  const report = taxes.value;
  const tax = (id: string, side: string, percent: number): AuditCheck => ({
    id,
    status: percent <= TAX_PASS_MAX ? 'pass' : percent <= TAX_WARN_MAX ? 'warn' : 'fail',
    detail: `${side} tax ${formatPercent(percent)}`,
  });
  return [
    { id: 'honeypot', status: report.honeypot ? 'fail' : 'pass', detail: report.detail },
    tax('buy-tax', 'Buy', report.buyTax),
    tax('sell-tax', 'Sell', report.sellTax),
  ];
}

function privilegeCheck(code: Hex, implementation: Address | undefined, implementationCode: Hex | undefined, owner: Address | undefined): AuditCheck {
  const found = [...privilegedFunctions(code), ...(implementationCode ? privilegedFunctions(implementationCode) : [])];
  const groups = new Map<PrivilegeGroup, Set<string>>();
  for (const { group, signature } of found) groups.set(group, (groups.get(group) ?? new Set()).add(signature));
  const renounced = groups.has('ownership') && owner === ZERO_ADDRESS;
  if (renounced) groups.delete('ownership');
  const parts = [...groups].map(([group, signatures]) => {
    const who = group === 'ownership' && owner ? ` (owner ${owner})` : '';
    return `${GROUP_LABELS[group]}${who}: ${[...signatures].join(', ')}`;
  });
  if (implementation) {
    parts.push(
      `upgradeable proxy (EIP-1967, implementation ${implementation})${implementationCode && implementationCode !== '0x' ? '' : ', implementation code not read'}`,
    );
  }
  if (parts.length === 0) {
    return { id: 'privileged-functions', status: 'pass', detail: `None of the listed privileged functions${renounced ? '; ownership renounced' : ''}` };
  }
  return { id: 'privileged-functions', status: 'warn', detail: `${parts.join('; ')}${renounced ? '; ownership renounced' : ''}` };
}

export interface LpState {
  /** The pair checked, named for the reader (`lpPairName`). */
  pair: string;
  supply: bigint;
  /** LP tokens at burn addresses, less the minimum every V2 pair locks. */
  burnt: bigint;
}

export function liquidityCheck(chain: ConfiguredChain, found: Settled<TokenPools>, curve?: CurveState): AuditCheck {
  const id = 'liquidity';
  if (!found.ok) return { id, status: 'unknown', detail: `The token's pools could not be read: ${found.reason}` };
  const main = found.value.mainPool;
  const onCurve = curve && !curve.graduated ? curveLiquidityUsd(curve, chain.info.nativeDecimals, found.value.nativeUsd) : undefined;
  if (onCurve !== undefined && onCurve >= (main?.liquidityUsd ?? 0)) {
    if (found.value.nativeUsd === 0)
      return { id, status: 'unknown', detail: `The native coin has no USD price on ${chain.info.id} (no wrapped native/stable pool).` };
    return {
      id,
      status: liquidityStatus(onCurve),
      detail: `${formatUsd(onCurve)} in the reserves of its launchpad bonding curve (${curve!.launchpad}), which no one can withdraw: the curve buys the token back until it graduates to a pool`,
    };
  }
  if (!main) return { id, status: 'fail', detail: `No Uniswap V2 or V3 pool against the wrapped native token or the stable on ${chain.info.id}` };
  const quotedInStable = main.quoteToken.toLowerCase() === chain.venues?.stable.address.toLowerCase();
  if (!quotedInStable && found.value.nativeUsd === 0) {
    return { id, status: 'unknown', detail: `The native coin has no USD price on ${chain.info.id} (no wrapped native/stable pool).` };
  }
  const usd = Math.round(main.liquidityUsd * 100) / 100;
  return { id, status: liquidityStatus(usd), detail: `${formatUsd(usd)} in the main pool, ${main.factoryName} ${main.address}` };
}

const liquidityStatus = (usd: number): CheckStatus => (usd < LIQUIDITY_FAIL_BELOW ? 'fail' : usd < LIQUIDITY_WARN_BELOW ? 'warn' : 'pass');

export function burntCheck(lp: LpState | undefined): AuditCheck {
  const id = 'liquidity-burnt';
  const advisory = true;
  if (!lp)
    return {
      id,
      status: 'unknown',
      advisory,
      detail: 'Not checked: the token has no Uniswap V2 pair against the wrapped native token or the stable (V3 positions are not burnt as tokens).',
    };
  if (lp.supply === 0n) return { id, status: 'unknown', advisory, detail: `Not checked: ${lp.pair} holds no liquidity.` };
  if (lp.burnt === 0n)
    return { id, status: 'warn', advisory, detail: `Checked ${lp.pair}: none of its LP tokens are burnt, so its holders can withdraw all its liquidity` };
  const percent = Number((lp.burnt * 1_000_000n) / lp.supply) / 10_000;
  return { id, status: 'pass', advisory, detail: `Checked ${lp.pair}: ${formatPercent(percent, 4)} of its LP tokens are burnt` };
}

function ethCall(to: string, callData: Hex): RpcCall {
  return { method: 'eth_call', params: [{ to, data: callData }, 'latest'] };
}

function balanceOf(tokenAddress: Address, owner: string): RpcCall {
  return ethCall(tokenAddress, encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner as Address] }));
}

function data(answer: RpcBatchAnswer | undefined): Hex | undefined {
  if (!answer?.ok) return undefined;
  const parsed = hexData.safeParse(answer.result);
  return parsed.success ? parsed.data : undefined;
}

function uint(answer: RpcBatchAnswer | undefined): bigint | undefined {
  const value = data(answer);
  return value && value.length >= 66 ? BigInt(value.slice(0, 66)) : undefined;
}

/** An address in a 32-byte word (a call result or a storage slot); undefined for zero or no answer. */
function addressIn(answer: RpcBatchAnswer | undefined): Address | undefined {
  const value = uint(answer);
  if (value === undefined || value === 0n || value >= 1n << 160n) return undefined;
  return `0x${value.toString(16).padStart(40, '0')}`;
}
