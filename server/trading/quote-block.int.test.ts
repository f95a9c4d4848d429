/**
 * `stats.blockNumber` on the local world: the block whose state an EVM quote was priced on. The QuoteLens
 * eth_call the quote sent, sent again pinned to that block, answers the same bytes (so the same amounts), while
 * the state after a trade answers other amounts; over REST the block lies between the heads before and after
 * the quote and moves on with the chain. MEGAETH: few other files trade there.
 */
import { createPublicClient, createWalletClient, http, numberToHex, parseAbi, parseEther, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import type { RpcTransport } from '@/server/chains/json-rpc';
import { useRestClient } from '@/server/rest/test-support/use-rest-client';
import { decodeLensResult } from '@/server/routing/lens-client';
import { createRoutingCaches } from '@/server/routing/routing-caches';
import { quoteEvmSwap } from './evm/evm-quote';
import { createEvmQuoteCaches } from './evm/evm-quote-caches';
import { feeSplit } from '@/server/fees/fee-model';
import { receiptOf } from '@/devnet/evm/receipt';

const rest = useRestClient();
const CHAIN = 'MEGAETH';
const NATIVE = '0x0000000000000000000000000000000000000000' as Address;

function world() {
  const chain = testManifest().chains[CHAIN]!;
  // No cached block number: the test reads the head right before and after each quote.
  const client = createPublicClient({ transport: http(chain.rpcUrl), cacheTime: 0 });
  const token = (symbol: string) => chain.tokens.find((entry) => entry.symbol === symbol)!.address as Address;
  return { chain, client, token };
}

/** The chain's transport, keeping every batch it sends with its answers. */
function recording(rpc: RpcTransport) {
  const sent: { calls: { method: string; params?: unknown[] }[]; answers: Awaited<ReturnType<RpcTransport['requestBatch']>> }[] = [];
  const transport: RpcTransport = {
    chain: rpc.chain,
    urls: rpc.urls,
    request: (method, params, options) => rpc.request(method, params, options),
    async requestBatch(calls, options) {
      const answers = await rpc.requestBatch(calls, options);
      sent.push({ calls: [...calls], answers });
      return answers;
    },
  };
  return { transport, sent };
}

interface QuoteStats {
  amountOut: string;
  blockNumber?: number;
}

describe('the block an EVM quote was priced on', () => {
  it("is the block at which the quote's own lens read gives the same answer", async () => {
    const { chain, client, token } = world();
    const services = await rest.services();
    const { transport, sent } = recording(services.chains[CHAIN].rpc);
    const trader = privateKeyToAccount(generatePrivateKey()).address;
    const tax = token('TAX');
    // TAX trades on V2 pairs only, so the trade below moves every route the quote can take.
    const quote = await quoteEvmSwap(
      {
        chain: { ...services.chains[CHAIN], rpc: transport },
        fees: services.priorityFees,
        secret: services.appSecret,
        caches: createEvmQuoteCaches(createRoutingCaches()),
      },
      {
        channel: 'test',
        approvalReset: 'extra',
        side: 'BUY',
        trader,
        tokenIn: NATIVE,
        tokenOut: tax,
        amount: { raw: parseEther('0.5') },
        slippageBps: 100,
        priority: 'MEDIUM',
        fees: feeSplit('v2', 0),
        integrator: trader,
        approval: undefined,
        requireSimulation: false,
      },
    );
    expect(quote.blockNumber).toBeDefined();
    const block = quote.blockNumber!;

    // The lens runs at the trader's address (installed by a state override): the last such call priced the quote.
    const lens = sent
      .flatMap(({ calls, answers }) => calls.map((call, index) => ({ call, answer: answers[index]! })))
      .filter(({ call }) => call.method === 'eth_call' && (call.params?.[0] as { to?: string }).to === trader)
      .at(-1)!;
    expect(lens.answer.ok).toBe(true);
    const answered = (lens.answer as { result: Hex }).result;
    expect(decodeLensResult(answered).candidates.map((candidate) => candidate.amountOut)).toContain(quote.amountOut);
    const callAt = (at: bigint) =>
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- the request is built untyped (as never): the assertion names the answer
      client.request({ method: 'eth_call', params: [lens.call.params![0], numberToHex(at), lens.call.params![2]] } as never) as Promise<Hex>;

    // Someone buys TAX: the pools move in a new block.
    const buyer = privateKeyToAccount(generatePrivateKey());
    await client.request({ method: 'anvil_setBalance', params: [buyer.address, numberToHex(parseEther('10'))] } as never);
    const wallet = createWalletClient({ account: buyer, transport: http(chain.rpcUrl) });
    const hash = await wallet.writeContract({
      chain: null,
      address: chain.contracts.uniswapV2Router02! as Address,
      abi: parseAbi([
        'function swapExactETHForTokensSupportingFeeOnTransferTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable',
      ]),
      functionName: 'swapExactETHForTokensSupportingFeeOnTransferTokens',
      args: [0n, [chain.wrappedNative as Address, tax], buyer.address, BigInt(Math.floor(Date.now() / 1000) + 600)],
      value: parseEther('2'),
    });
    const receipt = await receiptOf(client, hash);
    expect(receipt.status).toBe('success');
    expect(receipt.blockNumber).toBeGreaterThan(block);

    expect(await callAt(block)).toBe(answered);
    const after = decodeLensResult(await callAt(receipt.blockNumber)).candidates.map((candidate) => candidate.amountOut);
    expect(after).not.toEqual(decodeLensResult(answered).candidates.map((candidate) => candidate.amountOut));
  });

  it('v2 answers carry it, between the heads around the quote, and a new block moves it on', async () => {
    const { client, token } = world();
    const v2 = async () => {
      const { status, body } = await rest.get<{ stats: QuoteStats }>('v2.quote', {
        chain: CHAIN,
        tokenIn: NATIVE,
        tokenOut: token('ALPHA'),
        amount: parseEther('0.1').toString(),
        slippage: 100,
      });
      expect(status, JSON.stringify(body)).toBe(200);
      return body.stats;
    };
    const before = await client.getBlockNumber();
    const first = await v2();
    const between = await client.getBlockNumber();
    expect(first.blockNumber).toBeGreaterThanOrEqual(Number(before));
    expect(first.blockNumber).toBeLessThanOrEqual(Number(between));

    await client.request({ method: 'evm_mine', params: [] } as never);
    const mined = await client.getBlockNumber();
    expect(mined).toBeGreaterThan(between);
    const second = await v2();
    expect(second.blockNumber).toBeGreaterThanOrEqual(Number(mined));
    expect(second.blockNumber).toBeLessThanOrEqual(Number(await client.getBlockNumber()));
  });

  it('v1 answers carry it too', async () => {
    // v1 does not list MEGAETH: INK.
    const ink = testManifest().chains.INK!;
    const client = createPublicClient({ transport: http(ink.rpcUrl), cacheTime: 0 });
    const alpha = ink.tokens.find((entry) => entry.symbol === 'ALPHA')!.address;
    const trader = privateKeyToAccount(generatePrivateKey()).address;
    const before = await client.getBlockNumber();
    const v1 = await rest.get<{ stats: QuoteStats }>('v1.quote', { chain: 'INK', token: alpha, side: 'BUY', amount: '0.1', slippage: 100, trader });
    expect(v1.status, JSON.stringify(v1.body)).toBe(200);
    expect(v1.body.stats.blockNumber).toBeGreaterThanOrEqual(Number(before));
    expect(v1.body.stats.blockNumber).toBeLessThanOrEqual(Number(await client.getBlockNumber()));
  });

  it('on ARB, whose block.number in a call is the L1 block, is the head read in the same batch', async () => {
    const arb = testManifest().chains.ARB!;
    const client = createPublicClient({ transport: http(arb.rpcUrl), cacheTime: 0 });
    const alpha = arb.tokens.find((entry) => entry.symbol === 'ALPHA')!.address;
    await client.request({ method: 'evm_mine', params: [] } as never);
    const before = await client.getBlockNumber();
    const { status, body } = await rest.get<{ stats: QuoteStats }>('v2.quote', {
      chain: 'ARB',
      tokenIn: NATIVE,
      tokenOut: alpha,
      amount: parseEther('0.1').toString(),
      slippage: 100,
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.stats.blockNumber).toBeGreaterThanOrEqual(Number(before));
    expect(body.stats.blockNumber).toBeLessThanOrEqual(Number(await client.getBlockNumber()));
  });

  it('is absent on SOL', async () => {
    const sol = testManifest().chains.SOL!;
    const usdc = sol.tokens.find((entry) => entry.symbol === 'USDC')!.address;
    const { status, body } = await rest.get<{ stats: QuoteStats }>('v2.quote', {
      chain: 'SOL',
      tokenIn: NATIVE,
      tokenOut: usdc,
      amount: '100000000',
      slippage: 100,
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.stats.amountOut).toMatch(/^\d+$/);
    expect(body.stats).not.toHaveProperty('blockNumber');
  });
});
