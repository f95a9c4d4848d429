import { describe, expect, it } from 'vitest';
import { JsonRpcError } from '@/server/chains/json-rpc';
import { CHAINS, EVM_CHAIN_IDS } from '@/server/chains/registry';
import { pricedBlock } from './quote-read';

describe('pricedBlock', () => {
  const lens = { blockNumber: 123n };

  it("is the lens's own block.number where that is the chain's block", () => {
    expect(pricedBlock({ info: CHAINS.BASE }, lens, undefined)).toBe(123n);
    expect(pricedBlock({ info: CHAINS.BASE }, lens, { ok: true, result: '0x999' })).toBe(123n);
  });

  it("is the head read in the lens's batch where block.number is the parent chain's (Arbitrum)", () => {
    expect(CHAINS.ARB.callBlockNumber).toBe('parent-chain');
    expect(EVM_CHAIN_IDS.filter((id) => CHAINS[id].callBlockNumber)).toEqual(['ARB']);
    expect(pricedBlock({ info: CHAINS.ARB }, { blockNumber: 21_000_000n }, { ok: true, result: '0x11e1a300' })).toBe(300_000_000n);
  });

  it('a head the node refused is an RPC error naming the call', () => {
    expect(() => pricedBlock({ info: CHAINS.ARB }, lens, { ok: false, error: new JsonRpcError(-32000, 'busy') })).toThrow(
      expect.objectContaining({ code: 'RPC_ERROR', message: expect.stringContaining('eth_blockNumber') }),
    );
  });
});
