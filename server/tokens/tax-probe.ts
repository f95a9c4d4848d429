/**
 * Token taxes and honeypots, measured rather than read from a token's claims: the QuoteLens buys the token
 * through the real Router as a throwaway account and sells everything back in the same `eth_call`
 * (state overrides give the account the lens code and the native to spend). Output below the pools' own
 * math is the tax; a sell that reverts is a honeypot.
 */
import { decodeFunctionResult, encodeFunctionData, numberToHex, type Address, type Hex } from 'viem';
import { z } from 'zod';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import { requestChecked } from '@/server/chains/rpc-answers';
import { quoteLensAbi, quoteLensRuntime } from '@/server/venues/evm/generated/contracts';
import { lensVenues } from '@/server/routing/lens-client';
import { permitCall } from './strategy-token';

export interface TaxReport {
  /** Percent of the bought amount the token keeps. */
  buyTax: number;
  /** Percent of the sold amount the token keeps. */
  sellTax: number;
  /** Tokens can be bought but not sold back. */
  honeypot: boolean;
  detail: string;
}

/** A throwaway account (no key exists for it) that the probe runs as. */
const PROBE_ACCOUNT = '0x00000000000000000000000000000000007a8e5a' as Address;
/** Native spent on the probe buy: small next to any pool worth trading, large enough for exact percentages. */
const PROBE_AMOUNT = 10n ** 16n;
const PROTOCOL_FEE_BPS = 10;

const hexData = z
  .string()
  .regex(/^0x[0-9a-fA-F]*$/)
  .transform((hex) => hex as Hex);

/** Solana's taxes: SPL tokens have none (its family's probe, server/tokens/solana-token-family.ts). */
export const SPL_TAX_REPORT: TaxReport = {
  buyTax: 0,
  sellTax: 0,
  honeypot: false,
  detail: 'SPL tokens carry no buy or sell tax; Token-2022 transfer fees are audited separately.',
};

/** An EVM token's taxes, measured by the QuoteLens buying and selling a little of it. */
export async function probeTaxes(chain: ConfiguredChain, token: string): Promise<TaxReport> {
  const venues = chain.venues;
  if (!venues || !chain.routerAddress)
    return { buyTax: 0, sellTax: 0, honeypot: false, detail: `No Router or venues on ${chain.info.id}: taxes could not be measured.` };
  if (token.toLowerCase() === venues.wrappedNative.toLowerCase())
    return { buyTax: 0, sellTax: 0, honeypot: false, detail: 'The wrapped native token has no tax.' };
  const data = encodeFunctionData({
    abi: quoteLensAbi,
    functionName: 'probeTaxes',
    args: [
      {
        router: chain.routerAddress as Address,
        tokenIn: '0x0000000000000000000000000000000000000000',
        tokenOut: token as Address,
        amountIn: PROBE_AMOUNT,
        protocolFeeBps: PROTOCOL_FEE_BPS,
        integratorFeeBps: 0,
        integrator: '0x0000000000000000000000000000000000000000',
        wrappedNative: venues.wrappedNative as Address,
        stable: venues.stable.address as Address,
        venues: lensVenues(venues),
        connectors: [venues.wrappedNative as Address, venues.stable.address as Address],
        approvalToken: '0x0000000000000000000000000000000000000000',
        simulate: true,
        routes: [],
        // A strategy token's trading permit for the probe account (a strategy-token.ts call; other tokens
        // have no such function and the call just fails): taxes are measured as a permitted trader pays them.
        preCalls: [permitCall(token as Address)],
      },
    ],
  });
  const raw = await requestChecked(
    chain.rpc,
    'eth_call',
    [{ to: PROBE_ACCOUNT, data }, 'latest', { [PROBE_ACCOUNT]: { code: quoteLensRuntime, balance: numberToHex(PROBE_AMOUNT * 2n) } }],
    hexData,
  );
  const probe = decodeFunctionResult({ abi: quoteLensAbi, functionName: 'probeTaxes', data: raw });
  if (!probe.found)
    return { buyTax: 0, sellTax: 0, honeypot: false, detail: 'No pool against the wrapped native token or the stable: taxes could not be measured.' };
  if (!probe.buyOk) return { buyTax: 0, sellTax: 0, honeypot: false, detail: 'A buy through the Router reverts: the token cannot be bought.' };
  const buyTax = shortfallPercent(probe.bought, probe.buyPoolOut);
  if (!probe.sellOk)
    return { buyTax, sellTax: 100, honeypot: true, detail: 'A sell of the tokens just bought reverts: only some holders can sell (honeypot).' };
  // The Router takes its fee from the native output of a sell: add it back before comparing with the pools.
  const grossSold = (probe.sold * 10_000n) / BigInt(10_000 - PROTOCOL_FEE_BPS);
  const sellTax = shortfallPercent(grossSold, probe.sellPoolOut);
  return { buyTax, sellTax, honeypot: false, detail: 'Measured by a buy and a sell through the Router.' };
}

function shortfallPercent(delivered: bigint, expected: bigint): number {
  if (expected === 0n || delivered >= expected) return 0;
  return Math.round(Number(((expected - delivered) * 1_000_000n) / expected) / 100) / 100;
}
