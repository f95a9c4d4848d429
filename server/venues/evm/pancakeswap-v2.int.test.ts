/**
 * PancakeSwap V2 on the local BSC end to end: its pairs (0.25 %) are discovered, priced and split with the
 * Uniswap and PancakeSwap V3 pools, the Router pays each hop with the pair's fee, and the chain delivers exactly
 * the quoted amount; a route through a PancakeSwap V2 pair alone pays what the pair's own getAmountOut gives.
 */
import { createWalletClient, erc20Abi, http, parseAbi, parseEther, type Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { compileContracts } from '@/devnet/evm/compile';
import { pancakeV2AmountOut } from '@/devnet/evm/world-pool-checks';
import { useRestClient } from '@/server/rest/test-support/use-rest-client';
import { NATIVE, worldTrading, type Trader } from '@/server/trading/test-support/world-trader';
import { PANCAKE_V2_FEE } from './pancakeswap-v2';
import { receiptOf } from '@/devnet/evm/receipt';

const client = useRestClient();
const { trader, quote, executeAndReceive } = worldTrading(client);

const factoryAbi = parseAbi([
  'function createPair(address tokenA, address tokenB) returns (address pair)',
  'function getPair(address tokenA, address tokenB) view returns (address pair)',
]);
const pairAbi = parseAbi([
  'function mint(address to) returns (uint256 liquidity)',
  'function token0() view returns (address)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
]);
const wrappedAbi = parseAbi(['function deposit() payable']);

/** A token of the trader's own, paired with the wrapped native on PancakeSwap V2 only: a route to it is that pair alone. */
async function tokenOnPancakeOnly(who: Trader, nativeDepth: bigint, tokenDepth: bigint): Promise<{ token: Address; pair: Address }> {
  const wallet = createWalletClient({ account: who.account, transport: http(who.chain.rpcUrl) });
  const send = async (hash: Promise<`0x${string}`>) => {
    const receipt = await receiptOf(who.publicClient, await hash);
    expect(receipt.status).toBe('success');
    return receipt;
  };
  const compiled = await compileContracts();
  const deployed = await send(
    wallet.deployContract({
      abi: compiled.TestToken.abi,
      bytecode: compiled.TestToken.bytecode,
      chain: null,
      args: ['Pancake Only', 'PONLY', 18, 10n ** 27n, who.account.address],
    }),
  );
  const token = deployed.contractAddress!;
  const wrapped = who.chain.wrappedNative as Address;
  const factory = who.chain.contracts.pancakeV2Factory as Address;
  await send(wallet.writeContract({ address: factory, abi: factoryAbi, functionName: 'createPair', args: [wrapped, token], chain: null }));
  const pair = await who.publicClient.readContract({ address: factory, abi: factoryAbi, functionName: 'getPair', args: [wrapped, token] });
  await send(wallet.writeContract({ address: wrapped, abi: wrappedAbi, functionName: 'deposit', value: nativeDepth, chain: null }));
  await send(wallet.writeContract({ address: wrapped, abi: erc20Abi, functionName: 'transfer', args: [pair, nativeDepth], chain: null }));
  await send(wallet.writeContract({ address: token, abi: erc20Abi, functionName: 'transfer', args: [pair, tokenDepth], chain: null }));
  await send(wallet.writeContract({ address: pair, abi: pairAbi, functionName: 'mint', args: [who.account.address], chain: null }));
  return { token, pair };
}

describe('PancakeSwap V2 (BSC)', () => {
  it('a large native sale for USDC splits over PancakeSwap V2 and the other venues, and the chain delivers the quote to the wei', async () => {
    const who = await trader('BSC', parseEther('20000'));
    const usdc = who.token('USDC');
    const body = await quote(who, 'BSC', NATIVE, usdc, parseEther('3000'));
    const hops = body.route.flatMap((leg) => leg.hops);
    expect(body.route.length).toBeGreaterThan(1);
    const pancakeV2 = hops.filter((hop) => hop.venue === 'PANCAKESWAP_V2');
    expect(pancakeV2.length, JSON.stringify(body.route)).toBeGreaterThan(0);
    for (const hop of pancakeV2) expect(hop.fee).toBe(PANCAKE_V2_FEE);
    expect(new Set(hops.map((hop) => hop.venue)).size).toBeGreaterThan(1);
    expect(await executeAndReceive(who, 'BSC', body, usdc)).toBe(BigInt(body.stats.amountOut));
  });

  it("a route through one PancakeSwap V2 pair pays the pair's own getAmountOut at 0.25 %, delivered to the wei", async () => {
    const who = await trader('BSC', parseEther('1000'));
    const { token, pair } = await tokenOnPancakeOnly(who, parseEther('100'), 1_000_000n * 10n ** 18n);
    const body = await quote(who, 'BSC', NATIVE, token, parseEther('2'));
    expect(body.route).toHaveLength(1);
    expect(body.route[0]!.hops).toHaveLength(1);
    expect(body.route[0]!.hops[0]).toMatchObject({ venue: 'PANCAKESWAP_V2', fee: PANCAKE_V2_FEE });
    expect(body.route[0]!.hops[0]!.pool.toLowerCase()).toBe(pair.toLowerCase());
    const [reserve0, reserve1] = await who.publicClient.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves' });
    const wrappedIs0 =
      (await who.publicClient.readContract({ address: pair, abi: pairAbi, functionName: 'token0' })).toLowerCase() === who.chain.wrappedNative.toLowerCase();
    const swapped = BigInt(body.stats.amountIn) - BigInt(body.stats.protocolFee);
    const expected = pancakeV2AmountOut(swapped, wrappedIs0 ? reserve0 : reserve1, wrappedIs0 ? reserve1 : reserve0);
    expect(BigInt(body.stats.amountOut)).toBe(expected);
    expect(await executeAndReceive(who, 'BSC', body, token)).toBe(expected);
  });
});
