import { describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { createCircuitBreaker } from './circuit-breaker';
import type { RpcTransport } from './json-rpc';

/** A transport whose every call answers as `mode` says at the time, counting the calls that reached it. */
function fakeTransport() {
  const state = { mode: 'down' as 'down' | 'up' | 'wrong', calls: 0 };
  const answer = async () => {
    state.calls += 1;
    if (state.mode === 'down') throw new AppError('CHAIN_UNAVAILABLE', 'BASE RPC is unreachable: no URL answered');
    if (state.mode === 'wrong') throw new AppError('RPC_ERROR', 'BASE RPC did not answer properly');
    return '0x1';
  };
  const transport: RpcTransport = {
    chain: 'BASE',
    urls: ['http://node'],
    request: answer as RpcTransport['request'],
    requestBatch: async () => [{ ok: true, result: await answer() }],
  };
  return { state, transport };
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'OK',
    (error: unknown) => (error instanceof AppError ? error.code : 'OTHER'),
  );

function setUp() {
  let now = 0;
  const fake = fakeTransport();
  const breaker = createCircuitBreaker({ chain: 'BASE', failures: 3, openMs: 5_000, now: () => now });
  return {
    fake,
    breaker,
    rpc: breaker.guard(fake.transport),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe("a chain's circuit breaker", () => {
  it('opens after three unanswered calls in a row: the next calls fail at once with 503, without reaching the node', async () => {
    const { fake, breaker, rpc } = setUp();
    for (let i = 0; i < 3; i++) expect(await codeOf(rpc.request('eth_blockNumber'))).toBe('CHAIN_UNAVAILABLE');
    expect(breaker.state()).toBe('open');
    expect(await codeOf(rpc.request('eth_blockNumber'))).toBe('CHAIN_UNAVAILABLE');
    expect(await codeOf(rpc.requestBatch([{ method: 'eth_chainId' }]))).toBe('CHAIN_UNAVAILABLE');
    expect(fake.state.calls).toBe(3);
  });

  it('lets one trial through after openMs: an answer closes it, another failure opens it again', async () => {
    const { fake, breaker, rpc, advance } = setUp();
    for (let i = 0; i < 3; i++) await codeOf(rpc.request('eth_blockNumber'));
    advance(5_000);
    expect(breaker.state()).toBe('half-open');
    expect(await codeOf(rpc.request('eth_blockNumber'))).toBe('CHAIN_UNAVAILABLE');
    expect(breaker.state()).toBe('open');
    expect(fake.state.calls).toBe(4);
    advance(5_000);
    fake.state.mode = 'up';
    expect(await codeOf(rpc.request('eth_blockNumber'))).toBe('OK');
    expect(breaker.state()).toBe('closed');
  });

  it('tries again at once when the recheck asks, and counts wrong answers as answers', async () => {
    const { fake, breaker, rpc } = setUp();
    for (let i = 0; i < 3; i++) await codeOf(rpc.request('eth_blockNumber'));
    breaker.tryAgain();
    fake.state.mode = 'wrong';
    expect(await codeOf(rpc.request('eth_blockNumber'))).toBe('RPC_ERROR');
    expect(breaker.state()).toBe('closed');
    fake.state.mode = 'down';
    for (let i = 0; i < 2; i++) await codeOf(rpc.request('eth_blockNumber'));
    fake.state.mode = 'wrong';
    await codeOf(rpc.request('eth_blockNumber'));
    fake.state.mode = 'down';
    await codeOf(rpc.request('eth_blockNumber'));
    expect(breaker.state()).toBe('closed');
  });
});
