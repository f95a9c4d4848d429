/**
 * The Router's launchpad venue against a Launchpad of the test's own (deployed on the shared world's ETH
 * chain, never touching the world's tokens): buys and sells along the curve deliver exactly the launchpad's
 * own quote less the Router's fees, each spends one launch-fee credit the trader paid for this Router,
 * and the buy that fills the curve graduates the token to a V2 pair, through which it trades afterwards.
 */
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  decodeEventLog,
  http,
  parseAbi,
  parseEther,
  type Address,
  type PrivateKeyAccount,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileContracts } from '@/devnet/evm/compile';
import { testManifest } from '@/devnet/test-world';
import { routerAbi } from '@/server/venues/evm/generated/contracts';
import { receiptOf } from '@/devnet/evm/receipt';

const NATIVE = '0x0000000000000000000000000000000000000000' as Address;
const DEAD = '0x000000000000000000000000000000000000dEaD' as Address;
const LAUNCHPAD_VENUE = 3;
const V2_VENUE = 0;
const FEE = parseEther('0.001');
const erc20 = parseAbi(['function balanceOf(address) view returns (uint256)', 'function approve(address, uint256) returns (bool)']);

const entry = () => testManifest().chains.ETH!;
const chain = () => ({
  id: entry().chainId,
  name: 'ETH',
  nativeCurrency: { name: 'n', symbol: 'N', decimals: 18 },
  rpcUrls: { default: { http: [entry().rpcUrl] } },
});
const publicClient = () => createPublicClient({ transport: http(entry().rpcUrl) });
const router = () => entry().routerAddress as Address;
const wrapped = () => entry().wrappedNative as Address;

let launchpadAbi: Awaited<ReturnType<typeof compileContracts>>['Launchpad']['abi'];
let launchpad: Address;
let token: Address;

async function funded(): Promise<PrivateKeyAccount> {
  const account = privateKeyToAccount(generatePrivateKey());
  await publicClient().request({ method: 'anvil_setBalance', params: [account.address, `0x${parseEther('1000').toString(16)}`] } as never);
  return account;
}

async function send(
  account: PrivateKeyAccount,
  request: { address: Address; abi: readonly unknown[]; functionName: string; args?: readonly unknown[]; value?: bigint },
) {
  const wallet = createWalletClient({ account, chain: chain(), transport: http(entry().rpcUrl) });
  const hash = await wallet.writeContract({ ...request, gas: 3_000_000n } as never);
  const receipt = await receiptOf(publicClient(), hash);
  expect(receipt.status).toBe('success');
  return receipt;
}

function hop(venue: number, pool: Address, tokenIn: Address, tokenOut: Address, fee = 10_000) {
  return { venue, pool, tokenIn, tokenOut, fee, tickSpacing: 0, hooks: NATIVE };
}

function swapArgs(trader: Address, tokenIn: Address, tokenOut: Address, amountIn: bigint, hops: ReturnType<typeof hop>[]) {
  return [
    {
      tokenIn,
      tokenOut,
      amountIn,
      amountOutMin: 1n,
      recipient: trader,
      deadline: 2n ** 40n,
      legs: [{ share: 1_000_000, hops }],
      protocolFeeBps: 10,
      integratorFeeBps: 0,
      integrator: trader,
    },
  ] as const;
}

async function revertName(account: PrivateKeyAccount, args: ReturnType<typeof swapArgs>, value: bigint): Promise<string | undefined> {
  try {
    await publicClient().simulateContract({ account, address: router(), abi: [...routerAbi, ...launchpadAbi], functionName: 'swap', args, value } as never);
    return undefined;
  } catch (error) {
    const reverted = error instanceof BaseError ? error.walk((cause) => cause instanceof ContractFunctionRevertedError) : undefined;
    return reverted instanceof ContractFunctionRevertedError ? reverted.data?.errorName : String(error);
  }
}

beforeAll(async () => {
  const compiled = await compileContracts();
  launchpadAbi = compiled.Launchpad.abi;
  const owner = await funded();
  const wallet = createWalletClient({ account: owner, chain: chain(), transport: http(entry().rpcUrl) });
  const deployed = await receiptOf(
    publicClient(),
    await wallet.deployContract({
      abi: compiled.Launchpad.abi,
      bytecode: compiled.Launchpad.bytecode,
      args: [wrapped(), entry().contracts.uniswapV2Factory, FEE, owner.address, owner.address],
    }),
  );
  launchpad = deployed.contractAddress!;
  const created = await send(owner, {
    address: launchpad,
    abi: launchpadAbi,
    functionName: 'createToken',
    args: ['Test Launch', 'TLAUNCH', 10n ** 27n, parseEther('30'), parseEther('10')],
  });
  const log = created.logs
    .map((entry) => {
      try {
        return decodeEventLog({ abi: launchpadAbi, ...entry });
      } catch {
        return undefined;
      }
    })
    .find((event) => event?.eventName === 'TokenCreated');
  token = (log!.args as unknown as { token: Address }).token;
}, 120_000);

describe('Router launchpad venue', () => {
  it('buys and sells along the curve for exactly the launchpad quote less the Router fee, one credit each', async () => {
    const trader = await funded();
    const amountIn = parseEther('1');
    const net = amountIn - (amountIn * 10n) / 10_000n;
    const expected = (await publicClient().readContract({ address: launchpad, abi: launchpadAbi, functionName: 'quoteBuy', args: [token, net] })) as bigint;
    const buyArgs = swapArgs(trader.address, NATIVE, token, amountIn, [hop(LAUNCHPAD_VENUE, launchpad, wrapped(), token)]);

    expect(await revertName(trader, buyArgs, amountIn)).toBe('LaunchFeeUnpaid');
    // A credit for another operator (the trader itself) does not let the Router trade.
    await send(trader, { address: launchpad, abi: launchpadAbi, functionName: 'payLaunchFee', args: [token, trader.address], value: FEE });
    expect(await revertName(trader, buyArgs, amountIn)).toBe('LaunchFeeUnpaid');

    await send(trader, { address: launchpad, abi: launchpadAbi, functionName: 'payLaunchFee', args: [token, router()], value: FEE });
    await send(trader, { address: router(), abi: routerAbi, functionName: 'swap', args: buyArgs, value: amountIn });
    const bought = await publicClient().readContract({ address: token, abi: erc20, functionName: 'balanceOf', args: [trader.address] });
    expect(bought).toBe(expected);
    // The credit is spent.
    expect(await revertName(trader, buyArgs, amountIn)).toBe('LaunchFeeUnpaid');

    const sellAmount = bought / 2n;
    const gross = (await publicClient().readContract({
      address: launchpad,
      abi: launchpadAbi,
      functionName: 'quoteSell',
      args: [token, sellAmount],
    })) as bigint;
    await send(trader, { address: token, abi: erc20, functionName: 'approve', args: [router(), sellAmount] });
    await send(trader, { address: launchpad, abi: launchpadAbi, functionName: 'payLaunchFee', args: [token, router()], value: FEE });
    const before = await publicClient().getBalance({ address: trader.address });
    const sold = await send(trader, {
      address: router(),
      abi: routerAbi,
      functionName: 'swap',
      args: swapArgs(trader.address, token, NATIVE, sellAmount, [hop(LAUNCHPAD_VENUE, launchpad, token, wrapped())]),
    });
    const received = (await publicClient().getBalance({ address: trader.address })) - before + sold.gasUsed * sold.effectiveGasPrice;
    expect(received).toBe(gross - (gross * 10n) / 10_000n);
    for (const holder of [router()]) {
      expect(await publicClient().readContract({ address: token, abi: erc20, functionName: 'balanceOf', args: [holder] })).toBe(0n);
      expect(await publicClient().readContract({ address: wrapped(), abi: erc20, functionName: 'balanceOf', args: [holder] })).toBe(0n);
    }
  });

  it('the buy that fills the curve graduates the token to a V2 pair (LP burned); the curve closes and the pair trades it', async () => {
    const trader = await funded();
    const amountIn = parseEther('12');
    await send(trader, { address: launchpad, abi: launchpadAbi, functionName: 'payLaunchFee', args: [token, router()], value: FEE });
    await send(trader, {
      address: router(),
      abi: routerAbi,
      functionName: 'swap',
      args: swapArgs(trader.address, NATIVE, token, amountIn, [hop(LAUNCHPAD_VENUE, launchpad, wrapped(), token)]),
      value: amountIn,
    });
    const [, , , , graduated, pair] = (await publicClient().readContract({
      address: launchpad,
      abi: launchpadAbi,
      functionName: 'curve',
      args: [token],
    })) as readonly [bigint, bigint, bigint, bigint, boolean, Address];
    expect(graduated).toBe(true);
    expect(await publicClient().readContract({ address: pair, abi: erc20, functionName: 'balanceOf', args: [DEAD] })).toBeGreaterThan(0n);
    expect(await publicClient().readContract({ address: wrapped(), abi: erc20, functionName: 'balanceOf', args: [pair] })).toBeGreaterThan(parseEther('10'));

    await send(trader, { address: launchpad, abi: launchpadAbi, functionName: 'payLaunchFee', args: [token, router()], value: FEE });
    expect(
      await revertName(
        trader,
        swapArgs(trader.address, NATIVE, token, parseEther('0.1'), [hop(LAUNCHPAD_VENUE, launchpad, wrapped(), token)]),
        parseEther('0.1'),
      ),
    ).toBe('CurveClosed');
    const before = await publicClient().readContract({ address: token, abi: erc20, functionName: 'balanceOf', args: [trader.address] });
    await send(trader, {
      address: router(),
      abi: routerAbi,
      functionName: 'swap',
      args: swapArgs(trader.address, NATIVE, token, parseEther('0.1'), [hop(V2_VENUE, pair, wrapped(), token, 3000)]),
      value: parseEther('0.1'),
    });
    expect(await publicClient().readContract({ address: token, abi: erc20, functionName: 'balanceOf', args: [trader.address] })).toBeGreaterThan(before);
  });
});
