/**
 * The native USD range on the local world against real swaps on ARB: selling 750 ETH into the deepest
 * WETH/USDC pool (the review's attack) drops spot but not `high`; buying ETH with USDC there lifts spot but
 * not `low`. Each push is undone to the pool's exact starting price (a swap limited at it), as other test
 * files trade on ARB after this one.
 */
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeAbiParameters,
  erc20Abi,
  http,
  keccak256,
  maxUint256,
  numberToHex,
  parseAbi,
  parseEther,
  type Address,
  type Hex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import { NATIVE_STABLE_OBSERVATIONS } from '@/devnet/evm/venues/v3-family-seeding';
import { type ConfiguredChain } from '@/server/chains/chain-directory';
import { createChainDirectory } from '@/server/chain-directory-setup';
import type { RpcCall } from '@/server/chains/json-rpc';
import { loadConfig } from '@/server/config/env';
import { readNativeUsdRange } from './native-usd-range';
import { createNativeUsdRangeCache } from './native-usd-range-cache';
import type { NativeUsdRange } from './native-usd-range-types';
import { TWAP_WINDOWS_SECONDS } from './native-usd-range-read';
import { receiptOf } from '@/devnet/evm/receipt';

const swapRouterAbi = parseAbi([
  'struct ExactInputSingleParams { address tokenIn; address tokenOut; uint24 fee; address recipient; uint256 deadline; uint256 amountIn; uint256 amountOutMinimum; uint160 sqrtPriceLimitX96; }',
  'function exactInputSingle(ExactInputSingleParams params) payable returns (uint256 amountOut)',
]);
const poolAbi = parseAbi([
  'function slot0() view returns (uint160, int24, uint16, uint16, uint16, uint8, bool)',
  'function observations(uint256) view returns (uint32 blockTimestamp, int56, uint160, bool initialized)',
]);
const wethAbi = parseAbi(['function deposit() payable']);
const DEADLINE = 2n ** 40n;
const GAS = 2_000_000n;

function world() {
  const entry = testManifest().chains.ARB!;
  const base = createChainDirectory(loadConfig({ DATA_DIR: 'memory://' }), testManifest()).ARB;
  const batches: RpcCall[][] = [];
  // Counts round trips: every batch the range sends.
  const chain: ConfiguredChain = {
    ...base,
    rpc: { ...base.rpc, requestBatch: (calls, options) => (batches.push([...calls]), base.rpc.requestBatch(calls, options)) },
  };
  const client = createPublicClient({ transport: http(entry.rpcUrl) });
  const anvil = (method: string, params: unknown[]) => client.request({ method: method as never, params: params as never });
  const usdc = entry.tokens.find((token) => token.kind === 'stable')!.address as Address;
  return { entry, chain, batches, client, anvil, weth: entry.wrappedNative as Address, usdc, router: entry.contracts.swapRouter as Address };
}

/** A fresh account holding 2,000 WETH and 10M USDC (the world's ERC-20 keeps balances at slot 0), both approved to the SwapRouter. */
async function trader(w: ReturnType<typeof world>) {
  const account = privateKeyToAccount(generatePrivateKey());
  const chain = defineChain({
    id: w.entry.chainId,
    name: 'ARB',
    nativeCurrency: { name: 'ETH', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [w.entry.rpcUrl] } },
  });
  const wallet = createWalletClient({ account, chain, transport: http(w.entry.rpcUrl) });
  const send = async (hash: Hex) => {
    const receipt = await receiptOf(w.client, hash);
    expect(receipt.status).toBe('success');
  };
  await w.anvil('anvil_setBalance', [account.address, numberToHex(parseEther('2100'))]);
  const slot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [account.address, 0n]));
  await w.anvil('anvil_setStorageAt', [w.usdc, slot, numberToHex(10_000_000n * 10n ** 6n, { size: 32 })]);
  await send(await wallet.writeContract({ address: w.weth, abi: wethAbi, functionName: 'deposit', value: parseEther('2000'), gas: GAS }));
  for (const token of [w.weth, w.usdc]) {
    await send(await wallet.writeContract({ address: token, abi: erc20Abi, functionName: 'approve', args: [w.router, maxUint256], gas: GAS }));
  }
  /** One swap through the 0.05 % pool; `limit` stops it at a price (0: none). */
  return (tokenIn: Address, tokenOut: Address, amountIn: bigint, limit = 0n) =>
    wallet
      .writeContract({
        address: w.router,
        abi: swapRouterAbi,
        functionName: 'exactInputSingle',
        gas: GAS,
        args: [{ tokenIn, tokenOut, fee: 500, recipient: account.address, deadline: DEADLINE, amountIn, amountOutMinimum: 0n, sqrtPriceLimitX96: limit }],
      })
      .then(send);
}

/** Runs `check` on the pushed pool, then undoes the push whatever the check found. */
async function pushed(push: Promise<void>, undo: () => Promise<void>, check: () => Promise<void>): Promise<void> {
  try {
    await push;
    await check();
  } finally {
    await undo();
  }
}

/** Seconds the pool's observations reach back from the head block: the longest TWAP window it can answer. */
async function observedSeconds(w: ReturnType<typeof world>, pool: Address): Promise<number> {
  const [, , index, cardinality] = await w.client.readContract({ address: pool, abi: poolAbi, functionName: 'slot0' });
  const next = await w.client.readContract({ address: pool, abi: poolAbi, functionName: 'observations', args: [BigInt((index + 1) % cardinality)] });
  const [oldest] = next[3] ? next : await w.client.readContract({ address: pool, abi: poolAbi, functionName: 'observations', args: [0n] });
  return Number((await w.client.getBlock()).timestamp) - oldest;
}

const deepestOf = (range: NativeUsdRange) => range.sources.find((source) => source.kind === 'pool' && source.deepest);
const hasTwapOf = (range: NativeUsdRange, pool: string) => range.sources.some((source) => source.kind === 'twap' && source.pool === pool);

describe('the native USD range on ARB', () => {
  it('keeps high above a sale pushed into the deepest pool, and low below a purchase', async () => {
    const w = world();
    // History since the snapshot loaded: earlier blocks' states are not kept. Same timestamp: the chain's clock stays on the wall's.
    await w.anvil('anvil_mine', ['0x82', '0x0']);
    const cache = createNativeUsdRangeCache();
    const before = await readNativeUsdRange(w.chain, cache);
    expect(w.batches).toHaveLength(2);
    const deepest = deepestOf(before)!;
    // The world's deepest WETH/USDC pool is Uniswap V3's 0.05 % tier (world-spec POOLS).
    expect(deepest).toMatchObject({ venue: 'UNISWAP_V3', fee: 500 });
    expect(before.sources.map((source) => source.kind)).toContain('history');
    const [startPrice, , , , cardinalityNext] = await w.client.readContract({ address: deepest.pool, abi: poolAbi, functionName: 'slot0' });
    expect(cardinalityNext).toBe(NATIVE_STABLE_OBSERVATIONS);
    // A world deployed minutes ago has pools younger than the shortest TWAP window: observe answers OLD there.
    const twapExpected = (await observedSeconds(w, deepest.pool)) >= Math.min(...TWAP_WINDOWS_SECONDS);
    expect(hasTwapOf(before, deepest.pool)).toBe(twapExpected);
    const swap = await trader(w);

    // The review's sale: 750 ETH moves this pool about 8 %.
    await pushed(
      swap(w.weth, w.usdc, parseEther('750')),
      () => swap(w.usdc, w.weth, 10_000_000n * 10n ** 6n, startPrice),
      async () => {
        const sold = await readNativeUsdRange(w.chain, cache);
        expect(w.batches).toHaveLength(3);
        expect(sold.spot).toBeLessThan(before.spot * 0.95);
        expect(sold.high).toBeGreaterThanOrEqual(before.spot * 0.995);
        // The sale wrote an observation; the pool keeps the older ones, so its TWAP still answers.
        expect(hasTwapOf(sold, deepest.pool)).toBe(twapExpected);
      },
    );

    await pushed(
      swap(w.usdc, w.weth, 2_250_000n * 10n ** 6n),
      () => swap(w.weth, w.usdc, parseEther('2000'), startPrice),
      async () => {
        const bought = await readNativeUsdRange(w.chain, cache);
        expect(bought.spot).toBeGreaterThan(before.spot * 1.05);
        expect(bought.low).toBeLessThanOrEqual(before.spot * 1.005);
      },
    );

    const [endPrice] = await w.client.readContract({ address: deepest.pool, abi: poolAbi, functionName: 'slot0' });
    expect(endPrice).toBe(startPrice);
  });
});
