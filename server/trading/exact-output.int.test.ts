/**
 * Exact output end to end on the local world: a v2 quote by `amountOut` is signed and executed for real, and
 * the balances show, to the raw unit, what arrived and what left. On EVM the trade is the Router's exact
 * output: exactly the typed amount arrives, the quoted input leaves (no more than `amountInMax`), and a native
 * input's unspent part comes back in the same transaction. Native in (a split across venues at this size), a
 * multi-hop route, a token sold for native (fees from the output), PancakeSwap and Uniswap V4 pools on BSC.
 * On SOL through the maker: at least the typed amount arrives, SOL in and a mint sold for SOL.
 */
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Connection, Keypair, PublicKey, VersionedTransaction } from '@solana/web3.js';
import {
  createPublicClient,
  erc20Abi,
  http,
  keccak256,
  numberToHex,
  parseAbi,
  parseEther,
  parseTransaction,
  type Address,
  type Hex,
  type PublicClient,
  type TransactionSerializableEIP1559,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import type { EvmChainId } from '@/server/chains/registry';
import { useRestClient } from '@/server/rest/test-support/use-rest-client';
import { exactOutFees } from '@/server/fees/fee-model';

const NATIVE = '0x0000000000000000000000000000000000000000';
const SLIPPAGE_BPS = 100n;
const client = useRestClient();

interface QuoteBody {
  stats: { amountIn: string; amountInMax?: string; amountOut: string; amountOutMin: string; swapMode: string };
  route: { share: number; hops: { venue: string }[] }[];
  transaction: { trade: string; approve: string; extra: string; quoteId: string };
}
interface ExecuteBody {
  success: boolean;
  status: string;
  txRes: { txHash: string };
}

function quoteByOutput(chain: string, trader: string, tokenIn: string, tokenOut: string, amountOut: bigint) {
  return client.get<QuoteBody & { code?: string; field?: string }>('v2.quote', {
    chain,
    tokenIn,
    tokenOut,
    amountOut: amountOut.toString(),
    slippage: Number(SLIPPAGE_BPS),
    trader,
  });
}

/** The guarantees every exact-output quote states before anything is sent (SOL: at least the amount). */
function expectExactOutputQuote(status: number, body: QuoteBody, amountOut: bigint): void {
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.stats.swapMode).toBe('EXACT_OUT');
  expect(BigInt(body.stats.amountOutMin)).toBeGreaterThanOrEqual(amountOut);
  expect(BigInt(body.stats.amountOut)).toBeGreaterThanOrEqual(BigInt(body.stats.amountOutMin));
}

/** EVM: exactly the amount, and the input bounded by the quoted input plus the slippage (rounded up). */
function expectExactEvmQuote(status: number, body: QuoteBody, amountOut: bigint): void {
  expectExactOutputQuote(status, body, amountOut);
  expect([body.stats.amountOut, body.stats.amountOutMin]).toEqual([amountOut.toString(), amountOut.toString()]);
  const amountIn = BigInt(body.stats.amountIn);
  expect(BigInt(body.stats.amountInMax!)).toBe((amountIn * (10_000n + SLIPPAGE_BPS) + 9_999n) / 10_000n);
}

describe('exact output on EVM', () => {
  const publicClients = new Map<EvmChainId, PublicClient>();
  const clientOf = (chain: EvmChainId) => {
    if (!publicClients.has(chain)) publicClients.set(chain, createPublicClient({ transport: http(testManifest().chains[chain]!.rpcUrl) }));
    return publicClients.get(chain)!;
  };
  const token = (chain: EvmChainId, symbol: string) => testManifest().chains[chain]!.tokens.find((entry) => entry.symbol === symbol)!.address as Address;

  async function fundedTrader(chain: EvmChainId = 'BASE', native = parseEther('100')): Promise<PrivateKeyAccount> {
    const account = privateKeyToAccount(generatePrivateKey());
    expect((await client.post('dev.faucet', { chain, address: account.address })).status).toBe(200);
    await clientOf(chain).request({ method: 'anvil_setBalance', params: [account.address, numberToHex(native)] } as never);
    return account;
  }

  const balance = (chain: EvmChainId, account: PrivateKeyAccount, tokenAddress: string) =>
    tokenAddress === NATIVE
      ? clientOf(chain).getBalance({ address: account.address })
      : clientOf(chain).readContract({ address: tokenAddress as Address, abi: erc20Abi, functionName: 'balanceOf', args: [account.address] });

  async function sign(account: PrivateKeyAccount, unsigned: string): Promise<Hex | undefined> {
    return unsigned ? account.signTransaction(parseTransaction(unsigned as Hex) as TransactionSerializableEIP1559) : undefined;
  }

  /** Executes the quote; returns what left and what arrived, gas set apart on the native side, and the trade's value. */
  async function execute(chain: EvmChainId, account: PrivateKeyAccount, body: QuoteBody, tokenIn: string, tokenOut: string) {
    const [inBefore, outBefore] = [await balance(chain, account, tokenIn), await balance(chain, account, tokenOut)];
    const approve = await sign(account, body.transaction.approve);
    const executed = await client.post<ExecuteBody>('v2.execute', {
      chain,
      trade: await sign(account, body.transaction.trade),
      approve,
      mev: false,
      simulation: true,
      quoteId: body.transaction.quoteId,
    });
    expect(executed.body, JSON.stringify(executed.body)).toMatchObject({ success: true, status: 'SUCCESS' });
    let gas = 0n;
    for (const hash of [executed.body.txRes.txHash as Hex, ...(approve ? [keccak256(approve)] : [])]) {
      const receipt = await clientOf(chain).getTransactionReceipt({ hash });
      gas += receipt.gasUsed * receipt.effectiveGasPrice;
    }
    const spent = inBefore - (await balance(chain, account, tokenIn)) - (tokenIn === NATIVE ? gas : 0n);
    const received = (await balance(chain, account, tokenOut)) - outBefore + (tokenOut === NATIVE ? gas : 0n);
    return { spent, received, value: parseTransaction(body.transaction.trade as Hex).value ?? 0n };
  }

  /** Quotes by output, executes, and checks the exact amount in, the quoted input out, and the bound. */
  async function tradeExactly(chain: EvmChainId, tokenIn: string, tokenOut: string, amountOut: bigint) {
    const account = await fundedTrader(chain, chain === 'BSC' ? parseEther('20000') : parseEther('100'));
    const { status, body } = await quoteByOutput(chain, account.address, tokenIn, tokenOut, amountOut);
    expectExactEvmQuote(status, body, amountOut);
    const outcome = await execute(chain, account, body, tokenIn, tokenOut);
    expect(outcome.received).toBe(amountOut);
    expect(outcome.spent).toBe(BigInt(body.stats.amountIn));
    expect(outcome.spent).toBeLessThanOrEqual(BigInt(body.stats.amountInMax!));
    return { body, ...outcome };
  }

  it('native in, split across venues: exactly the typed USDC arrives, the quoted ETH leaves, the rest of the value comes back in the same transaction', async () => {
    const { body, spent, value } = await tradeExactly('BASE', NATIVE, token('BASE', 'USDC'), 40_000n * 10n ** 6n);
    expect(body.route.length).toBeGreaterThan(1);
    // The transaction carried amountInMax; only the quoted input stayed spent once it was mined.
    expect(value).toBe(BigInt(body.stats.amountInMax!));
    expect(value).toBeGreaterThan(spent);
  });

  it('multi-hop (USDC to GAMMA, which trades only against ALPHA): exactly the typed amount, the quoted USDC', async () => {
    const { body } = await tradeExactly('BASE', token('BASE', 'USDC'), token('BASE', 'GAMMA'), 25n * 10n ** 18n);
    expect(body.route.every((leg) => leg.hops.length > 1)).toBe(true);
  });

  it('a token sold for native (fees from the output): exactly the typed native arrives, gas set apart', async () => {
    await tradeExactly('BASE', token('BASE', 'ALPHA'), NATIVE, parseEther('0.05'));
  });

  it('BSC: a large exact output splits over PancakeSwap V3 and Uniswap V4 pools and delivers exactly', async () => {
    const { body } = await tradeExactly('BSC', NATIVE, token('BSC', 'USDC'), 1_500_000n * 10n ** 6n);
    const venues = new Set(body.route.flatMap((leg) => leg.hops.map((hop) => hop.venue)));
    expect(venues).toContain('PANCAKESWAP_V3');
    expect(venues).toContain('UNISWAP_V4');
  });

  it("the server's exact-output fees are the Router's own (previewExactOutFees), to the raw unit", async () => {
    const router = testManifest().chains.BASE!.contracts.router as Address;
    const abi = parseAbi(['function previewExactOutFees(uint256 amount, uint16 protocolBps, uint16 integratorBps) pure returns (uint256, uint256, uint256)']);
    for (const [amount, split] of [
      [10_000n, { protocolBps: 10, integratorBps: 8 }],
      [123_456_789_012_345n, { protocolBps: 12, integratorBps: 40 }],
      [1n, { protocolBps: 10, integratorBps: 0 }],
    ] as const) {
      const onChain = await clientOf('BASE').readContract({
        address: router,
        abi,
        functionName: 'previewExactOutFees',
        args: [amount, split.protocolBps, split.integratorBps],
      });
      const { protocolFee, integratorFee, gross } = exactOutFees(amount, split);
      expect(onChain).toEqual([protocolFee, integratorFee, gross]);
    }
  });

  it('finds close to the least input: the same trade by input with a tenth of a percent less no longer delivers the amount', async () => {
    const account = await fundedTrader();
    const amountOut = 1_000n * 10n ** 6n;
    const { status, body } = await quoteByOutput('BASE', account.address, NATIVE, token('BASE', 'USDC'), amountOut);
    expectExactEvmQuote(status, body, amountOut);
    const less = await client.get<QuoteBody>('v2.quote', {
      chain: 'BASE',
      tokenIn: NATIVE,
      tokenOut: token('BASE', 'USDC'),
      amount: ((BigInt(body.stats.amountIn) * 999n) / 1000n).toString(),
      slippage: 100,
      trader: account.address,
    });
    expect(less.body.stats.swapMode).toBe('EXACT_IN');
    expect(less.body.stats.amountInMax).toBeUndefined();
    expect(BigInt(less.body.stats.amountOut)).toBeLessThan(amountOut);
  });

  it('refuses a taxed token with 400 naming amountOut, and both or neither amounts with 400 naming the field', async () => {
    const account = await fundedTrader();
    const taxed = await quoteByOutput('BASE', account.address, NATIVE, token('BASE', 'TAX'), 10n ** 18n);
    expect(taxed.status).toBe(400);
    expect(taxed.body).toMatchObject({ code: 'INVALID_INPUT', field: 'amountOut' });
    const both = await client.get<{ field: string }>('v2.quote', {
      chain: 'BASE',
      tokenIn: NATIVE,
      tokenOut: token('BASE', 'USDC'),
      amount: '1000',
      amountOut: '1000',
      slippage: 100,
    });
    expect([both.status, both.body.field]).toEqual([400, 'amountOut']);
    const neither = await client.get<{ field: string }>('v2.quote', { chain: 'BASE', tokenIn: NATIVE, tokenOut: token('BASE', 'USDC'), slippage: 100 });
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
      chain: 'SOL',
      trade: Buffer.from(transaction.serialize()).toString('base64'),
      quoteId: body.transaction.quoteId,
      mev: false,
      simulation: true,
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
      chain: 'SOL',
      tokenIn: mint('ALPHA'),
      tokenOut: NATIVE,
      amount: (BigInt(body.stats.amountIn) - BigInt(body.stats.amountIn) / 5_000n).toString(),
      slippage: 100,
      trader: wallet.publicKey.toBase58(),
    });
    expect(BigInt(less.body.stats.amountOutMin)).toBeLessThan(amountOut);
  });
});
