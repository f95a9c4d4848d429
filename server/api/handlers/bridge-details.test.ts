import { describe, expect, it } from 'vitest';
import type { BridgeRow } from '@/server/store/bridge-repository';
import { detailsOf } from './bridge-details';

const USDC = { address: '0xusdc', symbol: 'USDC', decimals: 6 };
const ETH = { address: '0x0000000000000000000000000000000000000000', symbol: 'ETH', decimals: 18 };
const ALPHA = { address: '0xalpha', symbol: 'ALPHA', decimals: 18 };

function row(overrides: Partial<BridgeRow>): BridgeRow {
  return {
    id: '0xrequest', owner: 'o', source_chain: 'BASE', destination_chain: 'ARB', trader: '0xtrader', recipient: '0xrecipient',
    amount_in: '250000000', amount_out: '249000000', min_amount_out: '240000000', fee_amount: '250000', estimated_seconds: 6, state: 'waiting',
    expires_at: new Date(2_000), deposit_tx_hash: null, deposit_from: null, deposit_amount: null, deposited_at: null, payment_tx_hash: null,
    payment_raw_tx: null, fill_tx_hash: null, paid_amount: null, filled_at: null, refund_tx_hash: null, refund_amount: null, reason: null,
    attempts: 0, next_attempt_at: new Date(0), claimed_until: null, last_error: null, created_at: new Date(1_000), updated_at: new Date(1_000),
    token_in: null, token_out: null, payout: null, swap_amount_in: null, deposit_token: null, route: null,
    source_swap: null, source_swap_raw: null, source_swap_tx_hash: null,
    seen_deposit_tx_hash: null, seen_deposit_confirmations: null, seen_deposit_required: null, seen_deposit_at: null,
    deposit_asset: null, deposit_expected: null, deposit_min: null, gross_out: null, gas_out: null, slippage_bps: null, usd_value: null,
    fill_gas_limit: null, deposit_call_hash: null, approval_quoted: null,
    ...overrides,
  };
}

const route = (legs: object[]) => JSON.stringify(legs);
const legs = (details: ReturnType<typeof detailsOf>) => details.legs!.map((leg) => [leg.kind, leg.chain, leg.status, leg.txHash]);

describe('bridge details', () => {
  it('a native bridge reads as before, with its native coins and a deposit and fill leg', () => {
    const details = detailsOf(row({ amount_in: '1000000000000000000', amount_out: '990000000000000000' }));
    expect(details).toMatchObject({ tokenIn: ETH.address, symbolIn: 'ETH', symbolOut: 'ETH', amountInFormatted: '1', route: [] });
    expect(legs(details)).toEqual([['deposit', 'BASE', 'waiting', null], ['fill', 'ARB', 'waiting', null]]);
  });

  it('a token bridge takes its tokens and decimals from the stored route', () => {
    const stored = route([{ kind: 'bridge', chain: 'BASE', venue: 'solver', tokenIn: USDC, tokenOut: USDC, amountIn: '250000000', amountOut: '249000000' }]);
    const details = detailsOf(row({ route: stored, token_in: USDC.address, token_out: USDC.address, payout: 'transfer', state: 'pending', deposit_tx_hash: '0xd', deposit_token: USDC.address, payment_tx_hash: '0xp' }));
    expect(details).toMatchObject({ symbolIn: 'USDC', decimalsOut: 6, amountInFormatted: '250', amountOutFormatted: '249' });
    expect(details.route).toEqual([{ kind: 'bridge', chain: 'BASE', venue: 'solver', tokenIn: '0xusdc', tokenOut: '0xusdc', symbolIn: 'USDC', symbolOut: 'USDC', amountIn: '250000000', amountOut: '249000000' }]);
    // The payment is stored and sent: the fill leg shows its hash while pending.
    expect(legs(details)).toEqual([['deposit', 'BASE', 'success', '0xd'], ['fill', 'ARB', 'pending', '0xp']]);
  });

  it('a swap-and-deposit is a source swap sharing the deposit transaction, and a destination swap is the fill, each with its venue', () => {
    const stored = route([
      { kind: 'swap', chain: 'BASE', venue: 'UNISWAP_V3', tokenIn: ALPHA, tokenOut: ETH, amountIn: '1', amountOut: '1' },
      { kind: 'bridge', chain: 'BASE', venue: 'solver', tokenIn: ETH, tokenOut: ETH, amountIn: '1', amountOut: '1' },
      { kind: 'swap', chain: 'ARB', venue: 'UNISWAP_V2', tokenIn: ETH, tokenOut: USDC, amountIn: '1', amountOut: '1' },
    ]);
    const quoted = { route: stored, payout: 'swap' as const, token_in: ALPHA.address, amount_in: '1000', deposit_call_hash: '0xcall', deposit_expected: '900' };
    const waiting = detailsOf(row(quoted)).legs!;
    expect(waiting.map((leg) => [leg.kind, leg.chain, leg.status, leg.venue, leg.token, leg.amount])).toEqual([
      ['swap', 'BASE', 'waiting', 'UNISWAP_V3', ALPHA.address, '1000'], ['deposit', 'BASE', 'waiting', undefined, ETH.address, '900'], ['swap', 'ARB', 'waiting', 'UNISWAP_V2', USDC.address, '249000000'],
    ]);
    const filled = detailsOf(row({ ...quoted, state: 'success', deposit_tx_hash: '0xd', deposit_amount: '905', fill_tx_hash: '0xf', paid_amount: '249000001' })).legs!;
    expect(filled.map((leg) => [leg.kind, leg.chain, leg.status, leg.txHash, leg.amount])).toEqual([
      ['swap', 'BASE', 'success', '0xd', '1000'], ['deposit', 'BASE', 'success', '0xd', '905'], ['swap', 'ARB', 'success', '0xf', '249000001'],
    ]);
  });

  it('a returned deposit has no fill leg, and its refund leg follows the refund', () => {
    const returning = { state: 'refunding' as const, deposit_tx_hash: '0xd', deposit_token: USDC.address, payment_tx_hash: '0xr' };
    expect(legs(detailsOf(row(returning)))).toEqual([['deposit', 'BASE', 'success', '0xd'], ['refund', 'BASE', 'pending', '0xr']]);
    expect(legs(detailsOf(row({ ...returning, state: 'refund', refund_tx_hash: '0xr', payment_tx_hash: null })))).toEqual([['deposit', 'BASE', 'success', '0xd'], ['refund', 'BASE', 'success', '0xr']]);
    expect(detailsOf(row({ ...returning, state: 'failure', payment_tx_hash: null })).legs!.at(-1)).toMatchObject({ kind: 'refund', status: 'failure', txHash: null });
  });

  it('a deposit seen below its depth is the pending deposit leg, with its confirmations so far', () => {
    const confirming = detailsOf(row({ seen_deposit_tx_hash: '0xseen', seen_deposit_confirmations: 2, seen_deposit_required: 6, seen_deposit_at: new Date(1_500) }));
    // Stored as waiting until final; read as pending with the deposit's hash, as the public status says.
    expect(confirming).toMatchObject({ state: 'pending', depositTxHash: '0xseen', confirmations: { seen: 2, required: 6 } });
    expect(confirming.depositUrl).toContain('0xseen');
    expect(legs(confirming)).toEqual([['deposit', 'BASE', 'pending', '0xseen'], ['fill', 'ARB', 'waiting', null]]);
    // Nothing seen, or the deposit final: no confirmations to show.
    expect(detailsOf(row({}))).toMatchObject({ state: 'waiting', depositTxHash: null, depositUrl: null, confirmations: null });
    expect(detailsOf(row({ state: 'pending', deposit_tx_hash: '0xd' })).confirmations).toBeNull();
  });

  it('links each transaction where the server says (the local world\'s own page), else on the chain\'s explorer', () => {
    const finished = row({ amount_in: '1000000000000000000', amount_out: '990000000000000000', state: 'success', deposit_tx_hash: '0xd', fill_tx_hash: '0xf' });
    const local = detailsOf(finished, (chain, hash) => `/tx/${chain}/${hash}`);
    expect(local).toMatchObject({ depositUrl: '/tx/BASE/0xd', fillUrl: '/tx/ARB/0xf', refundUrl: null });
    expect(local.legs!.map((leg) => leg.url)).toEqual(['/tx/BASE/0xd', '/tx/ARB/0xf']);
    expect(detailsOf(finished)).toMatchObject({ depositUrl: 'https://basescan.org/tx/0xd', fillUrl: 'https://arbiscan.io/tx/0xf' });
  });
});
