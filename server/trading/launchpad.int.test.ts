/**
 * Launchpad tokens end to end on the local world (STORY, where no other file trades them): a token on its
 * curve routes through the launchpad, the v2 quote hands out the launch fee as `extra` (nonce n, before the
 * trade), execute sends it first and the trade delivers the quote; v1, which cannot carry it, names it, and
 * quotes once the trader paid it. The buy that fills GRAD's curve graduates it; then it routes through its
 * V2 pair with no fee.
 */
import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  http,
  keccak256,
  parseAbi,
  parseEther,
  parseTransaction,
  type Address,
  type Hex,
  type TransactionSerializableEIP1559,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import { useRestClient } from '@/server/rest/test-support/use-rest-client';
import { receiptOf } from '@/devnet/evm/receipt';

const NATIVE = '0x0000000000000000000000000000000000000000' as Address;
const CHAIN = 'STORY';
const client = useRestClient();
const launchpadAbi = parseAbi([
  'function launchFee() view returns (uint256)',
  'function payLaunchFee(address token, address operator) payable',
  'function curve(address) view returns (uint256, uint256, uint256, uint256, bool, address)',
]);

interface QuoteBody {
  stats: { amountOut: string };
  route: { hops: { venue: string }[] }[];
  transaction: { trade: Hex; approve: Hex | ''; extra: Hex | ''; quoteId: string };
  warnings: { code: string }[];
  path?: { step: { poolType: string } }[];
  code?: string;
  error?: string;
}

const entry = () => testManifest().chains[CHAIN]!;
const publicClient = () => createPublicClient({ transport: http(entry().rpcUrl) });
const token = (symbol: string) => entry().tokens.find((t) => t.symbol === symbol)!.address as Address;
const launchpad = () => entry().contracts.launchpad as Address;

async function funded(): Promise<PrivateKeyAccount> {
  const account = privateKeyToAccount(generatePrivateKey());
  await publicClient().request({ method: 'anvil_setBalance', params: [account.address, `0x${parseEther('100000').toString(16)}`] } as never);
  return account;
}

async function execute(account: PrivateKeyAccount, quote: QuoteBody, version: 'v1' | 'v2' = 'v2'): Promise<Hex[]> {
  const sign = (hex: Hex | '' | undefined) =>
    hex ? account.signTransaction(parseTransaction(hex) as TransactionSerializableEIP1559) : Promise.resolve(undefined);
  const [extra, approve, trade] = await Promise.all([sign(quote.transaction.extra), sign(quote.transaction.approve), sign(quote.transaction.trade)]);
  const body =
    version === 'v2'
      ? { extra, approve, trade, chain: CHAIN, mev: false, simulation: true, quoteId: quote.transaction.quoteId }
      : { approve, trade, network: CHAIN, mev: false, simulation: true, quoteId: quote.transaction.quoteId };
  const executed = await client.post<{ success: boolean }>(`${version}.execute`, body);
  expect(executed.body, JSON.stringify(executed.body)).toMatchObject({ success: true, status: 'SUCCESS' });
  return [extra, approve, trade].filter((raw): raw is Hex => !!raw);
}

async function gasOf(sent: Hex[]): Promise<bigint> {
  let total = 0n;
  for (const raw of sent) {
    const receipt = await publicClient().getTransactionReceipt({ hash: keccak256(raw) });
    total += receipt.gasUsed * receipt.effectiveGasPrice;
  }
  return total;
}

const balanceOf = (who: Address, of: Address) => publicClient().readContract({ address: of, abi: erc20Abi, functionName: 'balanceOf', args: [who] });

describe('launchpad tokens on their curve', () => {
  it('v2: the launch fee is extra (nonce n), sent first; buy and sell deliver the quote', async () => {
    const trader = await funded();
    const launch = token('LAUNCH');
    const nonce = await publicClient().getTransactionCount({ address: trader.address });
    const buy = await client.get<QuoteBody>('v2.quote', {
      chain: CHAIN,
      tokenIn: NATIVE,
      tokenOut: launch,
      amount: parseEther('1').toString(),
      slippage: 100,
      trader: trader.address,
    });
    expect(buy.status, JSON.stringify(buy.body)).toBe(200);
    expect(buy.body.route[0]!.hops.map((hop) => hop.venue)).toContain('LAUNCHPAD');
    expect(buy.body.warnings.map((warning) => warning.code)).toContain('LAUNCHPAD');
    const fee = parseTransaction(buy.body.transaction.extra as Hex) as TransactionSerializableEIP1559;
    expect(fee.to!.toLowerCase()).toBe(launchpad().toLowerCase());
    expect(fee.value).toBe(await publicClient().readContract({ address: launchpad(), abi: launchpadAbi, functionName: 'launchFee' }));
    expect([fee.nonce, (parseTransaction(buy.body.transaction.trade) as TransactionSerializableEIP1559).nonce]).toEqual([nonce, nonce + 1]);
    await execute(trader, buy.body);
    const held = await balanceOf(trader.address, launch);
    expect(held).toBe(BigInt(buy.body.stats.amountOut));

    const sell = await client.get<QuoteBody>('v2.quote', {
      chain: CHAIN,
      tokenIn: launch,
      tokenOut: NATIVE,
      amount: (held / 2n).toString(),
      slippage: 100,
      trader: trader.address,
    });
    expect(sell.status, JSON.stringify(sell.body)).toBe(200);
    expect(sell.body.transaction.extra).not.toBe('');
    const before = await publicClient().getBalance({ address: trader.address });
    const sent = await execute(trader, sell.body);
    const feeValue = (parseTransaction(sell.body.transaction.extra as Hex) as TransactionSerializableEIP1559).value!;
    expect((await publicClient().getBalance({ address: trader.address })) - before + (await gasOf(sent)) + feeValue).toBe(BigInt(sell.body.stats.amountOut));
  });

  it('v1 names the launch fee it cannot carry, and quotes once the trader paid it', async () => {
    const trader = await funded();
    const launch = token('LAUNCH');
    const refused = await client.get<QuoteBody>('v1.quote', { chain: CHAIN, token: launch, amount: '1', side: 'BUY', slippage: 100, trader: trader.address });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'APPROVAL_REQUIRED' });
    expect(refused.body.error).toContain('payLaunchFee');

    const wallet = createWalletClient({
      account: trader,
      transport: http(entry().rpcUrl),
      chain: { id: entry().chainId, name: CHAIN, nativeCurrency: { name: 'n', symbol: 'N', decimals: 18 }, rpcUrls: { default: { http: [entry().rpcUrl] } } },
    });
    const fee = await publicClient().readContract({ address: launchpad(), abi: launchpadAbi, functionName: 'launchFee' });
    await receiptOf(
      publicClient(),
      await wallet.writeContract({
        address: launchpad(),
        abi: launchpadAbi,
        functionName: 'payLaunchFee',
        args: [launch, entry().routerAddress as Address],
        value: fee,
      }),
    );
    const quote = await client.get<QuoteBody>('v1.quote', { chain: CHAIN, token: launch, amount: '1', side: 'BUY', slippage: 100, trader: trader.address });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.path!.map((step) => step.step.poolType)).toEqual(['LAUNCHPAD']);
    const before = await balanceOf(trader.address, launch);
    await execute(trader, quote.body, 'v1');
    expect((await balanceOf(trader.address, launch)) - before).toBe(BigInt(quote.body.stats.amountOut));
  });
});

describe('graduation', () => {
  it('the buy that fills the curve graduates GRAD; afterwards it trades through its V2 pair, with no fee', async () => {
    const trader = await funded();
    const grad = token('GRAD');
    const [reserveNative, , raised, graduation] = await publicClient().readContract({
      address: launchpad(),
      abi: launchpadAbi,
      functionName: 'curve',
      args: [grad],
    });
    expect(reserveNative).toBeGreaterThan(0n);
    const amount = ((graduation - raised) * 11n) / 10n;
    const filling = await client.get<QuoteBody>('v2.quote', {
      chain: CHAIN,
      tokenIn: NATIVE,
      tokenOut: grad,
      amount: amount.toString(),
      slippage: 100,
      trader: trader.address,
    });
    expect(filling.status, JSON.stringify(filling.body)).toBe(200);
    await execute(trader, filling.body);
    expect(await balanceOf(trader.address, grad)).toBe(BigInt(filling.body.stats.amountOut));
    const after = await publicClient().readContract({ address: launchpad(), abi: launchpadAbi, functionName: 'curve', args: [grad] });
    expect(after[4]).toBe(true);

    const pooled = await client.get<QuoteBody>('v2.quote', {
      chain: CHAIN,
      tokenIn: NATIVE,
      tokenOut: grad,
      amount: parseEther('0.5').toString(),
      slippage: 100,
      trader: trader.address,
    });
    expect(pooled.status, JSON.stringify(pooled.body)).toBe(200);
    expect(pooled.body.route.flatMap((leg) => leg.hops.map((hop) => hop.venue))).not.toContain('LAUNCHPAD');
    expect(pooled.body.transaction.extra).toBe('');
    const before = await balanceOf(trader.address, grad);
    await execute(trader, pooled.body);
    expect((await balanceOf(trader.address, grad)) - before).toBe(BigInt(pooled.body.stats.amountOut));

    const v1 = await client.get<QuoteBody>('v1.quote', {
      chain: CHAIN,
      token: grad,
      amount: (before / 4n).toString(),
      side: 'SELL',
      slippage: 100,
      trader: trader.address,
    });
    expect(v1.status, JSON.stringify(v1.body)).toBe(200);
    await execute(trader, v1.body, 'v1');
  });
});
