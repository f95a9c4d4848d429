/**
 * The Router's swapAndDeposit with the bridge Depository on the shared local world (ETH): a swap into a bridge
 * asset and a deposit of exactly what it returned, in one transaction; a swap that returns less than its minimum
 * deposits nothing; a "depository" of the caller's choosing gets no more than the swap returned. Accounts 15..16
 * and fresh random addresses only, so balances here are exact.
 */
import { getAddress, keccak256, parseAbi, parseEther, parseEventLogs, parseUnits, toHex, type Abi, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anvilAccount } from '@/devnet/accounts';
import { BRIDGE_SOLVER_ACCOUNT } from '@/devnet/evm/world-spec';
import {
  GAS,
  NATIVE,
  V2,
  V3,
  approveRouter,
  balanceOf,
  deploy,
  erc20,
  expectRouterEmpty,
  mined,
  oneLeg,
  params,
  revertDecoder,
  sendSwap,
  startRouterWorld,
  v2Out,
  v3Out,
  type Ctx,
  type RevertOf,
  type RouterWorld,
  type SwapParams,
} from './router-test-world';
import { receiptOf } from '@/devnet/evm/receipt';

const depositAbi = parseAbi([
  'function swapAndDeposit((address tokenIn, address tokenOut, uint256 amountIn, uint256 amountOutMin, address recipient, uint256 deadline, (uint32 share, (uint8 venue, address pool, address tokenIn, address tokenOut, uint24 fee, int24 tickSpacing, address hooks)[] hops)[] legs, uint16 protocolFeeBps, uint16 integratorFeeBps, address integrator) p, bytes32 requestId) payable returns (uint256 amountOut)',
  'function depositFor(bytes32 requestId, address depositor, address token, uint256 amount) payable',
  'event Deposit(bytes32 indexed requestId, address indexed from, uint256 amount)',
  'event TokenDeposit(bytes32 indexed requestId, address indexed from, address indexed token, uint256 amount)',
]);
const greedyAbi = parseAbi(['function tookMore() view returns (bool)', 'function lastAmount() view returns (uint256)']);

const TRADER = 15;
const OTHER = 16;
const requestIdOf = (label: string): Hex => keccak256(toHex(label));

let world: RouterWorld;
let eth: Ctx;
let revertOf: RevertOf;
let depository: Address;
let solver: Address;
let trader: Address;

beforeAll(async () => {
  world = await startRouterWorld();
  ({ eth } = world);
  revertOf = revertDecoder([...world.errorsAbi, ...world.compiled.Depository.abi.filter((item) => item.type === 'error')] as Abi);
  depository = getAddress(eth.entry.contracts.depository!);
  solver = getAddress(anvilAccount(BRIDGE_SOLVER_ACCOUNT).address);
  trader = getAddress(anvilAccount(TRADER).address);
  await approveRouter(eth, TRADER, [eth.token('ALPHA'), eth.token('BETA')]);
  // The trader buys what it swaps and deposits.
  const buy = (token: Address, venue: number, pool: Address) =>
    sendSwap(
      eth,
      TRADER,
      params({
        tokenIn: NATIVE,
        tokenOut: token,
        amountIn: parseEther('5'),
        recipient: trader,
        legs: oneLeg([{ venue, pool, tokenIn: eth.weth, tokenOut: token, fee: 3000 }]),
      }),
    );
  await buy(eth.token('ALPHA'), V2, eth.pool('UNISWAP_V2', eth.token('ALPHA'), eth.weth));
  await buy(eth.token('BETA'), V3, eth.pool('UNISWAP_V3', eth.token('BETA'), eth.weth));
}, 120_000);

afterAll(async () => {
  await world?.stop();
});

function sendSwapAndDeposit(p: SwapParams, requestId: Hex, account = TRADER) {
  return eth.wallet(account).writeContract({
    address: eth.router,
    abi: depositAbi,
    functionName: 'swapAndDeposit',
    args: [p, requestId],
    value: p.tokenIn === NATIVE ? p.amountIn : 0n,
    gas: GAS,
  });
}

function simulateSwapAndDeposit(p: SwapParams, requestId: Hex, account = TRADER) {
  return eth.client.simulateContract({
    account: privateKeyToAccount(anvilAccount(account).privateKey),
    address: eth.router,
    abi: [...depositAbi, ...world.errorsAbi] as Abi,
    functionName: 'swapAndDeposit',
    args: [p, requestId],
    value: p.tokenIn === NATIVE ? p.amountIn : 0n,
  });
}

describe('swapAndDeposit into the Depository', () => {
  it('token → native: deposits exactly the swap output (after the output-side fee) for the request, naming the trader', async () => {
    const alpha = eth.token('ALPHA');
    const amountIn = parseUnits('4', 18);
    const pair = eth.pool('UNISWAP_V2', alpha, eth.weth);
    const gross = await v2Out(eth, pair, alpha, amountIn);
    const expected = gross - (gross * 10n) / 10_000n;
    const requestId = requestIdOf('token-to-native');
    const [solverBefore, alphaBefore] = await Promise.all([balanceOf(eth, NATIVE, solver), balanceOf(eth, alpha, trader)]);
    const p = params({
      tokenIn: alpha,
      tokenOut: NATIVE,
      amountIn,
      amountOutMin: expected,
      recipient: depository,
      legs: oneLeg([{ venue: V2, pool: pair, tokenIn: alpha, tokenOut: eth.weth, fee: 3000 }]),
    });
    const receipt = await mined(eth, await sendSwapAndDeposit(p, requestId));
    const deposits = parseEventLogs({ abi: depositAbi, eventName: 'Deposit', logs: receipt.logs });
    expect(deposits.map((event) => event.args)).toEqual([{ requestId, from: trader, amount: expected }]);
    expect(await balanceOf(eth, NATIVE, solver)).toBe(solverBefore + expected);
    expect(await balanceOf(eth, alpha, trader)).toBe(alphaBefore - amountIn);
    await expectRouterEmpty(eth);
    expect(await balanceOf(eth, NATIVE, depository)).toBe(0n);
  });

  it('token → stable: the depository pulls exactly the swap output, and the Router keeps no allowance', async () => {
    const [beta, usdc] = [eth.token('BETA'), eth.token('USDC')];
    const amountIn = parseUnits('2.5', 18);
    const requestId = requestIdOf('token-to-stable');
    const route = oneLeg([
      { venue: V3, pool: eth.pool('UNISWAP_V3', beta, eth.weth), tokenIn: beta, tokenOut: eth.weth, fee: 3000 },
      {
        venue: V3,
        pool: eth.pool('UNISWAP_V3', eth.weth, usdc, 500),
        tokenIn: eth.weth,
        tokenOut: usdc,
        fee: 500,
      },
    ]);
    const net = amountIn - (amountIn * 10n) / 10_000n;
    const expected = await v3Out(eth, eth.weth, usdc, 500, await v3Out(eth, beta, eth.weth, 3000, net));
    const solverBefore = await balanceOf(eth, usdc, solver);
    const p = params({ tokenIn: beta, tokenOut: usdc, amountIn, amountOutMin: expected, recipient: depository, legs: route });
    const receipt = await mined(eth, await sendSwapAndDeposit(p, requestId));
    const deposits = parseEventLogs({ abi: depositAbi, eventName: 'TokenDeposit', logs: receipt.logs });
    expect(deposits.map((event) => event.args)).toEqual([{ requestId, from: trader, token: usdc, amount: expected }]);
    expect(await balanceOf(eth, usdc, solver)).toBe(solverBefore + expected);
    expect(await eth.client.readContract({ address: usdc, abi: erc20, functionName: 'allowance', args: [eth.router, depository] })).toBe(0n);
    await expectRouterEmpty(eth);
  });

  it('a swap that returns less than its minimum reverts the whole call: nothing is deposited', async () => {
    const alpha = eth.token('ALPHA');
    const amountIn = parseUnits('1', 18);
    const pair = eth.pool('UNISWAP_V2', alpha, eth.weth);
    const gross = await v2Out(eth, pair, alpha, amountIn);
    const p = params({
      tokenIn: alpha,
      tokenOut: NATIVE,
      amountIn,
      amountOutMin: gross,
      recipient: depository,
      legs: oneLeg([{ venue: V2, pool: pair, tokenIn: alpha, tokenOut: eth.weth, fee: 3000 }]),
    });
    const revert = await revertOf(simulateSwapAndDeposit(p, requestIdOf('short')));
    expect(revert.name).toBe('SlippageExceeded');
    const [solverBefore, alphaBefore] = await Promise.all([balanceOf(eth, NATIVE, solver), balanceOf(eth, alpha, trader)]);
    const hash = await sendSwapAndDeposit(p, requestIdOf('short'));
    const receipt = await receiptOf(eth.client, hash);
    expect(receipt.status).toBe('reverted');
    expect(parseEventLogs({ abi: depositAbi, logs: receipt.logs })).toEqual([]);
    expect(await balanceOf(eth, NATIVE, solver)).toBe(solverBefore);
    expect(await balanceOf(eth, alpha, trader)).toBe(alphaBefore);
  });

  it("a depository of the caller's choosing gets what the swap returned and nothing more", async () => {
    const [beta, usdc] = [eth.token('BETA'), eth.token('USDC')];
    const greedy = await deploy(eth, OTHER, 'GreedyDepository');
    const amountIn = parseUnits('0.5', 18);
    const route = oneLeg([
      { venue: V3, pool: eth.pool('UNISWAP_V3', beta, eth.weth), tokenIn: beta, tokenOut: eth.weth, fee: 3000 },
      {
        venue: V3,
        pool: eth.pool('UNISWAP_V3', eth.weth, usdc, 500),
        tokenIn: eth.weth,
        tokenOut: usdc,
        fee: 500,
      },
    ]);
    await mined(eth, await sendSwapAndDeposit(params({ tokenIn: beta, tokenOut: usdc, amountIn, recipient: greedy, legs: route }), requestIdOf('greedy')));
    const [tookMore, lastAmount, held] = await Promise.all([
      eth.client.readContract({ address: greedy, abi: greedyAbi, functionName: 'tookMore' }),
      eth.client.readContract({ address: greedy, abi: greedyAbi, functionName: 'lastAmount' }),
      balanceOf(eth, usdc, greedy),
    ]);
    expect(tookMore).toBe(false);
    expect(held).toBe(lastAmount);
    expect(await eth.client.readContract({ address: usdc, abi: erc20, functionName: 'allowance', args: [eth.router, greedy] })).toBe(0n);
    await expectRouterEmpty(eth);
  });

  it('is the one new entry point, and it takes no payer', () => {
    const mutating = world.compiled.Router.abi
      .filter((item) => item.type === 'function' && item.stateMutability !== 'view' && item.stateMutability !== 'pure')
      .map((item) => (item as { name: string }).name);
    expect(mutating).toContain('swapAndDeposit');
    const entry = world.compiled.Router.abi.find((item) => item.type === 'function' && item.name === 'swapAndDeposit');
    expect(entry && 'inputs' in entry ? entry.inputs.map((input) => input.name) : []).toEqual(['p', 'requestId']);
  });
});

describe('Depository.depositFor', () => {
  it('names the depositor it is given; refuses a native amount other than the value sent, and no depositor', async () => {
    const requestId = requestIdOf('deposit-for');
    const someone = getAddress(anvilAccount(OTHER).address);
    const value = 10n ** 15n;
    const receipt = await mined(
      eth,
      await eth.wallet(OTHER).writeContract({
        address: depository,
        abi: depositAbi,
        functionName: 'depositFor',
        args: [requestId, trader, NATIVE, value],
        value,
      }),
    );
    expect(parseEventLogs({ abi: depositAbi, eventName: 'Deposit', logs: receipt.logs }).map((event) => event.args)).toEqual([
      { requestId, from: trader, amount: value },
    ]);
    const call = (args: readonly [Hex, Address, Address, bigint], sent: bigint) =>
      eth.client.simulateContract({
        account: someone,
        address: depository,
        abi: [...depositAbi, ...world.compiled.Depository.abi] as Abi,
        functionName: 'depositFor',
        args,
        value: sent,
      });
    expect((await revertOf(call([requestId, trader, NATIVE, value + 1n], value))).name).toBe('NothingDeposited');
    expect((await revertOf(call([requestId, NATIVE, NATIVE, value], value))).name).toBe('NoDepositor');
    expect((await revertOf(call([requestId, trader, eth.token('USDC'), 1n], 1n))).name).toBe('NothingDeposited');
  });
});
