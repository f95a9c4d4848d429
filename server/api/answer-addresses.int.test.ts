/**
 * Every answer spells EVM addresses checksummed (EIP-55), as the README promises: real answers of every REST
 * endpoint on the local world, addresses sent in lower case throughout, each walked for an address spelled
 * any other way, whole or inside a sentence or link. The bridge stores addresses in lower case and the token
 * risk cache keyed them so (quote `taxes[].token`, bridge `stats.tokenIn`/`tokenOut` answered them so).
 */
import { createPublicClient, getAddress, http, parseTransaction, type Address, type Hex, type PublicClient, type TransactionSerializableEIP1559 } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import type { EndpointProcedure } from '@/server/api/contract';
import type { EvmChainId } from '@/server/chains/registry';
import { useRestClient } from '@/server/rest/test-support/use-rest-client';
import { unchecksummedAddresses } from './test-support/unchecksummed-addresses';
import { receiptOf } from '@/devnet/evm/receipt';

const client = useRestClient();
const NATIVE = '0x0000000000000000000000000000000000000000';
const CHAIN: EvmChainId = 'BASE';
const lower = (address: string) => address.toLowerCase();
const token = (chain: EvmChainId, symbol: string) => testManifest().chains[chain]!.tokens.find((entry) => entry.symbol === symbol)!.address;

/** Answers seen, per endpoint, for the last test to hold the whole list against the endpoints. */
const seen = new Map<string, number>();

async function answer<T = Record<string, unknown>>(procedure: EndpointProcedure, input: Record<string, unknown>, method: 'get' | 'post' = 'get') {
  const response = method === 'get' ? await client.get<T>(procedure, input as never) : await client.post<T>(procedure, input);
  expect(unchecksummedAddresses(response.body), `${procedure}: ${JSON.stringify(response.body).slice(0, 400)}`).toEqual([]);
  seen.set(procedure, (seen.get(procedure) ?? 0) + 1);
  return response;
}

/** Waits until `address` has sent at least `sent` transactions and none is pending beyond them. */
async function settledNonce(rpc: PublicClient, address: Address, sent: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const [mined, pending] = await Promise.all([
      rpc.getTransactionCount({ address, blockTag: 'latest' }),
      rpc.getTransactionCount({ address, blockTag: 'pending' }),
    ]);
    if (mined >= sent && mined === pending) return;
    if (Date.now() > deadline) throw new Error(`${address} still has ${mined} mined and ${pending} pending transactions`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function fundedAccount(chain: EvmChainId): Promise<PrivateKeyAccount> {
  const account = privateKeyToAccount(generatePrivateKey());
  const funded = await answer('dev.faucet', { chain, address: lower(account.address) }, 'post');
  expect(funded.status, JSON.stringify(funded.body)).toBe(200);
  return account;
}

const sign = (account: PrivateKeyAccount, unsigned: string | undefined) =>
  unsigned ? account.signTransaction(parseTransaction(unsigned as Hex) as TransactionSerializableEIP1559) : Promise.resolve(undefined);

interface Quote {
  transaction: { trade: string; approve?: string; extra?: string; quoteId: string };
  taxes?: { token: string }[];
}

describe('EVM addresses in real answers', () => {
  it('token data, chains and balances', async () => {
    const trader = lower(testManifest().chains[CHAIN]!.accounts[0]!.address);
    const tax = lower(token(CHAIN, 'TAX'));
    const pool = lower(testManifest().chains[CHAIN]!.pools[0]!.address);
    expect((await answer('system.health', {})).status).toBe(200);
    expect((await answer('v1.chains', {})).status).toBe(200);
    expect((await answer('v1.priority', { chain: CHAIN })).status).toBe(200);
    expect((await answer('v1.balance', { wallet: trader, network: CHAIN })).status).toBe(200);
    expect((await answer('v1.balance', { wallet: trader, token: lower(token(CHAIN, 'ALPHA')), chains: 'BASE,ARB' })).status).toBe(200);
    expect((await answer('v1.tokenBalance', { wallet: trader, token: tax, network: CHAIN })).status).toBe(200);
    const info = await answer<{ tokenInfo: { token: { address: string } }; poolInfo: { address: string } }>('v1.tokenInfo', { token: tax, chain: CHAIN });
    expect(info.body.tokenInfo.token.address).toBe(getAddress(tax));
    expect((await answer('v1.tokenAudit', { token: tax, chain: CHAIN })).status).toBe(200);
    expect((await answer('v1.poolInfo', { pool, chain: CHAIN })).status).toBe(200);
    expect((await answer('v1.value', { token: tax, side: 'BUY', amount: '0.01', trader, chain: CHAIN })).status).toBe(200);
    const value = await answer<{ outputAddress: string }>('v2.value', { tokenIn: NATIVE, tokenOut: tax, amount: '0.01', chain: CHAIN });
    expect(value.body.outputAddress).toBe(getAddress(tax));
    expect((await answer('dev.devnet', {})).status).toBe(200);
  });

  it('quotes, execution, tracking and history: the taxed token in `taxes`', async () => {
    const account = await fundedAccount(CHAIN);
    const trader = lower(account.address);
    const tax = lower(token(CHAIN, 'TAX'));
    const quoted = await answer<Quote>('v2.quote', {
      chain: CHAIN,
      tokenIn: NATIVE,
      tokenOut: tax,
      amount: '10000000000000000',
      slippage: 1000,
      trader,
      integrator: trader,
      fee: 10,
    });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    expect(quoted.body.taxes?.map((entry) => entry.token)).toEqual([getAddress(tax)]);
    const executed = await answer(
      'v2.execute',
      {
        chain: CHAIN,
        mev: false,
        simulation: true,
        quoteId: quoted.body.transaction.quoteId,
        trade: await sign(account, quoted.body.transaction.trade),
        reward: trader,
      },
      'post',
    );
    expect(executed.body, JSON.stringify(executed.body)).toMatchObject({ success: true });

    const v1 = await answer<Quote>('v1.quote', { chain: CHAIN, token: lower(token(CHAIN, 'ALPHA')), side: 'BUY', amount: '0.01', slippage: 100, trader });
    expect(v1.status, JSON.stringify(v1.body)).toBe(200);
    const v1Executed = await answer(
      'v1.execute',
      {
        network: CHAIN,
        mev: false,
        simulation: true,
        quoteId: v1.body.transaction.quoteId,
        trade: await sign(account, v1.body.transaction.trade),
        approve: await sign(account, v1.body.transaction.approve),
      },
      'post',
    );
    expect(v1Executed.body, JSON.stringify(v1Executed.body)).toMatchObject({ success: true });

    // A trade the wallet sends itself, then tracked: quoted once the executes' transactions are all mined, since
    // the quote's transaction takes the wallet's next nonce (an execute may still be sending one).
    const rpc = createPublicClient({ transport: http(testManifest().chains[CHAIN]!.rpcUrl) });
    await settledNonce(rpc, account.address, 1 + (v1.body.transaction.approve ? 2 : 1));
    const own = await answer<Quote>('v2.quote', {
      chain: CHAIN,
      tokenIn: NATIVE,
      tokenOut: lower(token(CHAIN, 'BETA')),
      amount: '10000000000000000',
      slippage: 100,
      trader,
    });
    const signed = await sign(account, own.body.transaction.trade);
    const hash = await rpc.sendRawTransaction({ serializedTransaction: signed! });
    await receiptOf(rpc, hash);
    const tracked = await answer('v2.track', { chain: CHAIN, txHash: hash, quoteId: own.body.transaction.quoteId }, 'post');
    expect(tracked.body, JSON.stringify(tracked.body)).toMatchObject({ success: true });

    const history = await answer<{ trades: { wallet: string; tokenOut: string }[] }>('v2.history', { wallet: trader });
    expect(history.body.trades.map((trade) => trade.wallet)).toContain(account.address);
  });

  it('a token bridge: quote, execute and status', async () => {
    const account = await fundedAccount(CHAIN);
    const [usdcIn, usdcOut] = [lower(token(CHAIN, 'USDC')), lower(token('ARB', 'USDC'))];
    const quoted = await answer<{ transaction: { trade: string; approve: string; requestId: string }; stats: { tokenIn: string; tokenOut: string } }>(
      'bridge.quote',
      {
        source: CHAIN,
        destination: 'ARB',
        amount: '5000000',
        trader: lower(account.address),
        recipient: lower(account.address),
        tokenIn: usdcIn,
        tokenOut: usdcOut,
      },
    );
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    expect(quoted.body.stats).toMatchObject({ tokenIn: getAddress(usdcIn), tokenOut: getAddress(usdcOut) });
    const { trade, approve, requestId } = quoted.body.transaction;
    const executed = await answer(
      'bridge.execute',
      { sourceChain: CHAIN, requestId, trade: await sign(account, trade), ...(approve && { approve: await sign(account, approve) }) },
      'post',
    );
    expect(executed.status, JSON.stringify(executed.body)).toBe(200);
    const status = await answer<{ details: { tokenIn: string; trader: string } }>('bridge.status', { requestId });
    expect(status.body.details).toMatchObject({ tokenIn: getAddress(usdcIn), trader: account.address });
  });

  it('failures name addresses checksummed too', async () => {
    const unknown = `0x${'ab'.repeat(20)}`;
    const missing = await answer<{ error: string }>('v1.tokenInfo', { token: unknown });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toContain(getAddress(unknown));
    // v1 has no `extra`: the strategy token's permit is named in words, the token checksummed.
    const strategy = testManifest().chains[CHAIN]!.tokens.find((entry) => entry.kind === 'strategy')!.address;
    const trader = lower(privateKeyToAccount(generatePrivateKey()).address);
    const permit = await answer<{ code: string; error: string }>('v1.quote', {
      chain: CHAIN,
      token: lower(strategy),
      side: 'BUY',
      amount: '0.001',
      slippage: 100,
      trader,
    });
    expect(permit.body.code, JSON.stringify(permit.body)).toBe('APPROVAL_REQUIRED');
    expect(permit.body.error).toContain(`permit() to ${getAddress(strategy)}`);
  });

  it('met every endpoint of the interface', async () => {
    const { ENDPOINTS } = await import('@/server/api/contract');
    expect(ENDPOINTS.map((endpoint) => endpoint.procedure).filter((procedure) => !seen.has(procedure))).toEqual([]);
  });
});
