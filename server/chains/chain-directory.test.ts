import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/config/env';
import { privateKeyToAccount } from 'viem/accounts';
import { projectContractAddress } from '@/server/deploy/project-addresses';
import { ADDRESS_BOOK } from './address-book-entries';
import { createChainDirectory } from '@/server/chain-directory-setup';

describe('chain directory', () => {
  it('sends MEV-protected transactions with the kickback address as refundRecipient', async () => {
    const seen: string[] = [];
    const fetchStub: typeof fetch = async (input) => {
      seen.push(input instanceof Request ? input.url : input.toString());
      return new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0xabc' }), { headers: { 'content-type': 'application/json' } });
    };
    const config = loadConfig({ RPC_URL_ETH: 'http://127.0.0.1:9/rpc', MEV_RPC_URL_ETH: 'https://protect.example/rpc?key=1' });
    const directory = createChainDirectory(config, undefined, undefined, fetchStub);
    expect(directory.ETH.mevRpc).toBeDefined();
    expect(directory.BASE.mevRpcFor).toBeUndefined();
    await directory.ETH.mevRpcFor!('0x2222222222222222222222222222222222222222').request('eth_sendRawTransaction', ['0x00']);
    await directory.ETH.mevRpcFor!(undefined).request('eth_sendRawTransaction', ['0x00']);
    expect(seen).toEqual(['https://protect.example/rpc?key=1&refundRecipient=0x2222222222222222222222222222222222222222', 'https://protect.example/rpc?key=1']);
  });

  it("takes a real chain's venues from the address book, VENUES_<CHAIN> key by key over it, and names the variable when it is wrong", () => {
    const base = ADDRESS_BOOK.BASE!;
    const config = loadConfig({
      RPC_URL_BASE: 'http://127.0.0.1:9',
      RPC_URL_STORY: 'http://127.0.0.1:9',
      VENUES_BASE: JSON.stringify({ quoterV2: '0x1111111111111111111111111111111111111111' }),
    });
    const directory = createChainDirectory(config, undefined);
    expect(directory.BASE.venues).toMatchObject({
      wrappedNative: base.wrappedNative.address,
      stable: { address: base.stables[0]!.address, decimals: base.stables[0]!.decimals },
      uniswapV3Factory: base.uniswapV3!.factory,
      quoterV2: '0x1111111111111111111111111111111111111111',
      multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
    });
    // Not in the book, and nothing configured: no trading there.
    expect(directory.STORY.venues).toBeUndefined();
    expect(directory.ETH.venues).toMatchObject({ wrappedNative: ADDRESS_BOOK.ETH!.wrappedNative.address });
    expect(() => loadConfig({ VENUES_BASE: '{"wrappedNative":"nope"}' })).toThrow(/VENUES_BASE: .*wrappedNative/);
    expect(() => loadConfig({ VENUES_BASE: '{"uniswapV9Factory":"0x1111111111111111111111111111111111111111"}' })).toThrow(/VENUES_BASE: .*uniswapV9Factory/);
    expect(() => loadConfig({ VENUES_BASE: 'not json' })).toThrow(/VENUES_BASE: must be JSON/);
  });

  it('switches an address-book venue off with null in VENUES_<CHAIN>, keeping the others', () => {
    const base = ADDRESS_BOOK.BASE!;
    const config = loadConfig({ RPC_URL_BASE: 'http://127.0.0.1:9', VENUES_BASE: JSON.stringify({ uniswapV4PoolManager: null, v4Quoter: null }) });
    const venues = createChainDirectory(config, undefined).BASE.venues!;
    expect(venues).not.toHaveProperty('uniswapV4PoolManager');
    expect(venues).not.toHaveProperty('v4Quoter');
    expect(venues.uniswapV3Factory).toBe(base.uniswapV3!.factory);
    expect(() => loadConfig({ VENUES_BASE: '{"wrappedNative":null}' })).toThrow(/VENUES_BASE: .*wrappedNative/);
  });

  it('finds the Router where npm run deploy puts it for the solver key, unless ROUTER_ADDRESS_<CHAIN> names one', () => {
    const key = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
    const deployed = projectContractAddress(privateKeyToAccount(key).address, 'router');
    const directory = createChainDirectory(
      loadConfig({ RPC_URL_BASE: 'http://127.0.0.1:9', SOLVER_PRIVATE_KEY: key, ROUTER_ADDRESS_ARB: '0x1111111111111111111111111111111111111111' }),
      undefined,
    );
    expect(directory.BASE.routerAddress).toBe(deployed);
    expect(directory.ETH.routerAddress).toBe(deployed);
    expect(directory.ARB.routerAddress).toBe('0x1111111111111111111111111111111111111111');
    expect(directory.SOL.routerAddress).toBe('');
  });
});
