/**
 * Exact output end to end on the local world: a v2 quote by `amountOut` is signed and executed for real, and
 * the balances show, to the raw unit, that the trader received at least the typed amount and spent exactly
 * the quoted input (no more). On BASE: native in (a split across venues at this size), a multi-hop route,
 * a token sold for native (fees from the output). On SOL through the maker: SOL in and a mint sold for SOL.
 */
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Connection, Keypair, PublicKey, VersionedTransaction } from '@solana/web3.js';
import {
  createPublicClient, erc20Abi, http, keccak256, numberToHex, parseEther, parseTransaction, type Address, type Hex,
  type PublicClient, type TransactionSerializableEIP1559,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import { useRestClient } from '@/server/rest/test-support/use-rest-client';

const NATIVE = '0x0000000000000000000000000000000000000000';
const client = useRestClient();

interface QuoteBody {
  stats: { amountIn: string; amountOut: string; amountOutMin: string; swapMode: string };
  route: { share: number; hops: unknown[] }[];
  transaction: { trade: string; approve: string; extra: string; quoteId: string };
}
interface ExecuteBody { success: boolean; status: string; txRes: { txHash: string } }

function quoteByOutput(chain: string, trader: string, tokenIn: string, tokenOut: string, amountOut: bigint) {
  return client.get<QuoteBody & { code?: string; field?: string }>('v2.quote', { chain, tokenIn, tokenOut, amountOut: amountOut.toString(), slippage: 100, trader });
}

/** The guarantees every exact-output quote states before anything is sent. */
function expectExactOutputQuote(status: number, body: QuoteBody, amountOut: bigint): void {
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.stats.swapMode).toBe('EXACT_OUT');
  expect(BigInt(body.stats.amountOutMin)).toBeGreaterThanOrEqual(amountOut);
  expect(BigInt(body.stats.amountOut)).toBeGreaterThanOrEqual(BigInt(body.stats.amountOutMin));
}

describe('exact output on BASE', () => {
  const chain = testManifest().chains.BASE!;
  const publicClient: PublicClient = createPublicClient({ transport: http(chain.rpcUrl) });
  const token = (symbol: string) => chain.tokens.find((entry) => entry.symbol === symbol)!.address as Address;

  async function fundedTrader(): Promise<PrivateKeyAccount> {
    const account = privateKeyToAccount(generatePrivateKey());
    expect((await client.post('dev.faucet', { chain: 'BASE', address: account.address })).status).toBe(200);
    await publicClient.request({ method: 'anvil_setBalance', params: [account.address, numberToHex(parseEther('100'))] } as never);
    return account;
  }

  const balance = (account: PrivateKeyAccount, tokenAddress: string) => tokenAddress === NATIVE
    ? publicClient.getBalance({ address: account.address })
    : publicClient.readContract({ address: tokenAddress as Address, abi: erc20Abi, functionName: 'balanceOf', args: [account.address] });

  async function sign(account: PrivateKeyAccount, unsigned: string): Promise<Hex | undefined> {
    return unsigned ? account.signTransaction(parseTransaction(unsigned as Hex) as TransactionSerializableEIP1559) : undefined;
  }

  /** Executes the quote; returns what left and what arrived, gas set apart on the native side. */
  async function execute(account: PrivateKeyAccount, body: QuoteBody, tokenIn: string, tokenOut: string) {
    const [inBefore, outBefore] = [await balance(account, tokenIn), await balance(account, tokenOut)];
    const approve = await sign(account, body.transaction.approve);
    const executed = await client.post<ExecuteBody>('v2.execute', {
      chain: 'BASE', trade: await sign(account, body.transaction.trade), approve, mev: false, simulation: true, quoteId: body.transaction.quoteId,
    });
    expect(executed.body, JSON.stringify(executed.body)).toMatchObject({ success: true, status: 'SUCCESS' });
    let gas = 0n;
    for (const hash of [executed.body.txRes.txHash as Hex, ...(approve ? [keccak256(approve)] : [])]) {
      const receipt = await publicClient.getTransactionReceipt({ hash });
      gas += receipt.gasUsed * receipt.effectiveGasPrice;
    }
    const spent = inBefore - (await balance(account, tokenIn)) - (tokenIn === NATIVE ? gas : 0n);
    const received = (await balance(account, tokenOut)) - outBefore + (tokenOut === NATIVE ? gas : 0n);
    return { spent, received };
  }

  it('native in, split across venues: delivers at least the typed USDC and spends exactly the quoted ETH', async () => {
    const account = await fundedTrader();
    const amountOut = 40_000n * 10n ** 6n;
    const { status, body } = await quoteByOutput('BASE', account.address, NATIVE, token('USDC'), amountOut);
    expectExactOutputQuote(status, body, amountOut);
    expect(body.route.length).toBeGreaterThan(1);
    const { spent, received } = await execute(account, body, NATIVE, token('USDC'));
    expect(received).toBeGreaterThanOrEqual(amountOut);
    expect(received).toBe(BigInt(body.stats.amountOut));
    expect(spent).toBe(BigInt(body.stats.amountIn));
  });

  it('multi-hop (USDC to GAMMA, which trades only against ALPHA): delivers at least the typed amount, spends the quoted USDC', async () => {
    const account = await fundedTrader();
    const amountOut = 25n * 10n ** 18n;
    const { status, body } = await quoteByOutput('BASE', account.address, token('USDC'), token('GAMMA'), amountOut);
    expectExactOutputQuote(status, body, amountOut);
    expect(body.route.every((leg) => leg.hops.length > 1)).toBe(true);
    const { spent, received } = await execute(account, body, token('USDC'), token('GAMMA'));
    expect(received).toBeGreaterThanOrEqual(amountOut);
    expect(spent).toBe(BigInt(body.stats.amountIn));
  });

  it('a token sold for native (fees from the output): the native that arrives, gas set apart, is at least the typed amount', async () => {
    const account = await fundedTrader();
    const amountOut = parseEther('0.05');
    const { status, body } = await quoteByOutput('BASE', account.address, token('ALPHA'), NATIVE, amountOut);
    expectExactOutputQuote(status, body, amountOut);
    const { spent, received } = await execute(account, body, token('ALPHA'), NATIVE);
    expect(received).toBeGreaterThanOrEqual(amountOut);
    expect(spent).toBe(BigInt(body.stats.amountIn));
  });

  it('finds close to the least input: the same route with a tenth of a percent less input no longer guarantees the amount', async () => {
    const account = await fundedTrader();
    const amountOut = 1_000n * 10n ** 6n;
    const { status, body } = await quoteByOutput('BASE', account.address, NATIVE, token('USDC'), amountOut);
    expectExactOutputQuote(status, body, amountOut);
    const less = await client.get<QuoteBody>('v2.quote', {
      chain: 'BASE', tokenIn: NATIVE, tokenOut: token('USDC'), amount: (BigInt(body.stats.amountIn) * 999n / 1000n).toString(), slippage: 100, trader: account.address,
    });
    expect(less.body.stats.swapMode).toBe('EXACT_IN');
    expect(BigInt(less.body.stats.amountOutMin)).toBeLessThan(amountOut);
  });

  it('refuses a taxed token with 400 naming amountOut, and both or neither amounts with 400 naming the field', async () => {
    const account = await fundedTrader();
    const taxed = await quoteByOutput('BASE', account.address, NATIVE, token('TAX'), 10n ** 18n);
    expect(taxed.status).toBe(400);
    expect(taxed.body).toMatchObject({ code: 'INVALID_INPUT', field: 'amountOut' });
    const both = await client.get<{ field: string }>('v2.quote', { chain: 'BASE', tokenIn: NATIVE, tokenOut: token('USDC'), amount: '1000', amountOut: '1000', slippage: 100 });
    expect([both.status, both.body.field]).toEqual([400, 'amountOut']);
    const neither = await client.get<{ field: string }>('v2.quote', { chain: 'BASE', tokenIn: NATIVE, tokenOut: token('USDC'), slippage: 100 });
    expect([neither.status, neither.body.field]).toEqual([400, 'amount']);
  });
});

describe('exact output on SOL (maker)', () => {
  const sol = testManifest().chains.SOL!;
  const connection = new Connection(sol.rpcUrl, 'confirmed');
  const mint = (symbol: string) => sol.tokens.find((entry) => entry.symbol === symbol)!.address;

  async function fundedWallet(): Promise<Keypair> {
    const wallet = Keypair.generate();
    expect((await client.post('dev.faucet', { chain: 'SOL', address: wallet.publicKey.toBase58() })).status).toBe(200);
    return wallet;
  }

  async function balanceOf(owner: PublicKey, tokenAddress: string): Promise<bigint> {
    if (tokenAddress === NATIVE) return BigInt(await connection.getBalance(owner, 'confirmed'));
    const account = getAssociatedTokenAddressSync(new PublicKey(tokenAddress), owner, true);
    return BigInt((await connection.getTokenAccountBalance(account, 'confirmed')).value.amount);
  }

  async function execute(wallet: Keypair, body: QuoteBody, tokenIn: string, tokenOut: string) {
    const [inBefore, outBefore] = [await balanceOf(wallet.publicKey, tokenIn), await balanceOf(wallet.publicKey, tokenOut)];
    const transaction = VersionedTransaction.deserialize(Buffer.from(body.transaction.trade, 'base64'));
    transaction.sign([wallet]);
    const executed = await client.post<ExecuteBody>('v2.execute', {
      chain: 'SOL', trade: Buffer.from(transaction.serialize()).toString('base64'), quoteId: body.transaction.quoteId, mev: false, simulation: true,
    });
    expect(executed.body, JSON.stringify(executed.body)).toMatchObject({ success: true, status: 'SUCCESS' });
    const landed = await connection.getTransaction(executed.body.txRes.txHash, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    const fee = BigInt(landed!.meta!.fee);
    const spent = inBefore - (await balanceOf(wallet.publicKey, tokenIn)) - (tokenIn === NATIVE ? fee : 0n);
    const received = (await balanceOf(wallet.publicKey, tokenOut)) - outBefore + (tokenOut === NATIVE ? fee : 0n);
    return { spent, received };
  }

  it('SOL in: delivers at least the typed USDC and spends exactly the quoted lamports', async () => {
    const wallet = await fundedWallet();
    const amountOut = 150n * 10n ** 6n;
    const { status, body } = await quoteByOutput('SOL', wallet.publicKey.toBase58(), NATIVE, mint('USDC'), amountOut);
    expectExactOutputQuote(status, body, amountOut);
    const { spent, received } = await execute(wallet, body, NATIVE, mint('USDC'));
    expect(received).toBeGreaterThanOrEqual(amountOut);
    expect(received).toBe(BigInt(body.stats.amountOut));
    expect(spent).toBe(BigInt(body.stats.amountIn));
  });

  it('a mint sold for SOL (fees from the output): at least the typed lamports arrive, exactly the quoted mint leaves', async () => {
    const wallet = await fundedWallet();
    const amountOut = 200_000_000n;
    const { status, body } = await quoteByOutput('SOL', wallet.publicKey.toBase58(), mint('ALPHA'), NATIVE, amountOut);
    expectExactOutputQuote(status, body, amountOut);
    const { spent, received } = await execute(wallet, body, mint('ALPHA'), NATIVE);
    expect(received).toBeGreaterThanOrEqual(amountOut);
    expect(spent).toBe(BigInt(body.stats.amountIn));
    // The least input: one raw unit less falls short of the amount on the maker's curve.
    const less = await client.get<QuoteBody>('v2.quote', {
      chain: 'SOL', tokenIn: mint('ALPHA'), tokenOut: NATIVE, amount: (BigInt(body.stats.amountIn) - BigInt(body.stats.amountIn) / 5_000n).toString(), slippage: 100, trader: wallet.publicKey.toBase58(),
    });
    expect(BigInt(less.body.stats.amountOutMin)).toBeLessThan(amountOut);
  });
});
