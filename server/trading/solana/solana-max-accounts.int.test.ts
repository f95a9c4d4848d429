/**
 * A Jupiter route whose accounts push the quote's transaction past one packet is asked for again with fewer
 * accounts (`maxAccounts`), as Jupiter's documentation advises, on the local world's SOL node with a stand-in
 * route source whose routes grow with the accounts allowed.
 */
import { randomBytes } from 'node:crypto';
import { AccountRole, address, getAddressDecoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import { useRestClient } from '@/server/rest/test-support/use-rest-client';
import type { SolanaRoute, SolanaRouteSource, SolanaSwapLeg } from '@/server/venues/solana/route-source';
import type { SwapRequest } from '../swap-types';
import { MAX_ACCOUNTS_STEPS, quoteSolanaSwap } from './solana-quote';

const client = useRestClient();
const MEMO_PROGRAM = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');

/** A route of one instruction naming `accounts(leg)` fresh accounts: as large as the accounts allowed make it. */
function growingSource(venue: SolanaRoute['venue'], accounts: (leg: SolanaSwapLeg) => number) {
  const asked: (number | undefined)[] = [];
  const source: SolanaRouteSource = {
    venue,
    // SOL's USD value (a price, not a route) is not what this test counts.
    price: async () => 150_000_000n,
    async quote(leg) {
      asked.push(leg.maxAccounts);
      const keys = Array.from({ length: accounts(leg) }, () => ({ address: getAddressDecoder().decode(randomBytes(32)), role: AccountRole.READONLY }));
      return {
        venue,
        amountOut: 1_000_000n,
        minAmountOut: 990_000n,
        priceImpactPercent: 0,
        addressLookupTables: [],
        instructions: [{ programAddress: MEMO_PROGRAM, accounts: keys, data: new TextEncoder().encode('route') }],
      };
    },
  };
  return { source, asked };
}

async function quoteWith(source: SolanaRouteSource) {
  const services = await client.services();
  const world = testManifest().chains.SOL!;
  const request: SwapRequest = {
    channel: 'test',
    approvalReset: 'refuse',
    side: 'BUY',
    trader: world.accounts[0]!.address,
    tokenIn: '0x0000000000000000000000000000000000000000',
    tokenOut: world.tokens.find((token) => token.symbol === 'USDC')!.address,
    amount: { raw: 10_000_000n },
    slippageBps: 100,
    priority: 'MEDIUM',
    fees: { protocolBps: 10, integratorBps: 0 },
    integrator: world.accounts[0]!.address,
    approval: undefined,
    requireSimulation: false,
    priceOnly: true,
  };
  return quoteSolanaSwap(
    {
      chain: services.chains.SOL,
      trading: { ...services.solana!, source },
      balances: services.balances,
      fees: services.priorityFees,
      secret: services.appSecret,
    },
    request,
  );
}

describe('Solana quotes through Jupiter', () => {
  it('ask again with fewer accounts while the transaction does not fit one packet', async () => {
    // Half the accounts allowed: 32 of 64 overflow a packet beside the builder's own instructions, 24 of 48 fit.
    const { source, asked } = growingSource('JUPITER', (leg) => (leg.maxAccounts ?? 64) / 2);
    const quote = await quoteWith(source);
    expect(asked).toEqual([64, 48]);
    expect(Buffer.from(quote.transactions.trade, 'base64').length).toBeLessThanOrEqual(1232);
  });

  it('give up with NO_ROUTE when even the fewest accounts do not fit, and never ask the maker again', async () => {
    const jupiter = growingSource('JUPITER', () => 40);
    await expect(quoteWith(jupiter.source)).rejects.toMatchObject({ code: 'NO_ROUTE' });
    expect(jupiter.asked).toEqual([...MAX_ACCOUNTS_STEPS]);
    const maker = growingSource('MAKER', () => 40);
    await expect(quoteWith(maker.source)).rejects.toMatchObject({ code: 'NO_ROUTE' });
    expect(maker.asked).toHaveLength(1);
  });
});
