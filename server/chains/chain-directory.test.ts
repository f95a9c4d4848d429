import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/config/env';
import { createChainDirectory } from './chain-directory';

describe('chain directory', () => {
  it('sends MEV-protected transactions with the kickback address as refundRecipient', async () => {
    const seen: string[] = [];
    const fetchStub: typeof fetch = async (input) => {
      seen.push(String(input));
      return new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0xabc' }), { headers: { 'content-type': 'application/json' } });
    };
    const config = loadConfig({ RPC_URL_ETH: 'http://127.0.0.1:9/rpc', MEV_RPC_URL_ETH: 'https://protect.example/rpc?key=1' });
    const directory = createChainDirectory(config, undefined, undefined, fetchStub);
    expect(directory.ETH.mevRpc).toBeDefined();
    expect(directory.BASE.mevRpcFor).toBeUndefined();
    await directory.ETH.mevRpcFor!('0x2222222222222222222222222222222222222222').request('eth_sendRawTransaction', ['0x00']);
    await directory.ETH.mevRpcFor!(undefined).request('eth_sendRawTransaction', ['0x00']);
    expect(seen).toEqual([
      'https://protect.example/rpc?key=1&refundRecipient=0x2222222222222222222222222222222222222222',
      'https://protect.example/rpc?key=1',
    ]);
  });

  it('takes a real chain\'s venues from VENUES_<CHAIN>, and names the variable when it is wrong', () => {
    const venues = {
      wrappedNative: '0x4200000000000000000000000000000000000006',
      stable: { address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', decimals: 6 },
      uniswapV2Factory: '0x8909Dc15e40173Ff4699343b6eB8132c65e18eC6',
      uniswapV3Factory: '0x33128a8fC17869897dcE68Ed026d694621f6FDfD',
      quoterV2: '0x3d4e44Eb1374240CE5F1B871ab261CD16335B76a',
    };
    const config = loadConfig({ RPC_URL_BASE: 'http://127.0.0.1:9', ROUTER_ADDRESS_BASE: '0x1111111111111111111111111111111111111111', VENUES_BASE: JSON.stringify(venues) });
    const directory = createChainDirectory(config, undefined);
    expect(directory.BASE.venues).toEqual({ ...venues, connectors: [], multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11' });
    expect(directory.ETH.venues).toBeUndefined();
    expect(() => loadConfig({ VENUES_BASE: '{"wrappedNative":"nope"}' })).toThrow(/VENUES_BASE: .*wrappedNative/);
    expect(() => loadConfig({ VENUES_BASE: 'not json' })).toThrow(/VENUES_BASE: must be JSON/);
  });
});
