/**
 * Bridging any token on the local world, over REST, each case checking balances on both chains: token
 * deposits (with their approval), fills paid from the solver's token inventory or through a destination
 * swap, a token valued through the source chain's pools, across families, a taxed token, a refund in the
 * token deposited, a restart between storing and sending a swap fill, and two instances on one PostgreSQL.
 * Each case uses its own chains where it changes what the solver holds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createPublicClient,
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  http,
  parseTransaction,
  type Address,
  type Hex,
  type PublicClient,
  type TransactionSerializableEIP1559,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import { bridgeQuoteAnswer } from '@/server/api/handlers/bridge';
import type { EvmChainId } from '@/server/chains/registry';
import { loadConfig } from '@/server/config/env';
import { useRestClient } from '@/server/rest/test-support/use-rest-client';
import { bridgeRestCalls, signQuoted } from './test-support/bridge-rest';
import { createServices, type Services } from '@/server/services';
import { routerAbi } from '@/server/venues/evm/generated/contracts';
import { signFill } from './bridge-fill';
import { waitUntilFilled, withTwoInstances } from './test-support/two-instances';
import { receiptOf } from '@/devnet/evm/receipt';

const client = useRestClient();

interface RouteLeg {
  kind: string;
  chain: string;
  venue: string;
  tokenIn: string;
  tokenOut: string;
  amountIn: string;
  amountOut: string;
}
interface QuoteBody {
  code?: string;
  error?: string;
  field?: string;
  transaction: { trade: string; requestId: string; approve: string };
  stats: {
    amountIn: string;
    amountOut: string;
    minAmountOut: string;
    tokenIn: string;
    tokenOut: string;
    symbolOut: string;
    route: RouteLeg[];
    recipient: string;
  };
  warnings: { code: string }[];
}
interface ExecuteBody {
  success: boolean;
  status: string;
  sourceTxHash: string | null;
  destinationTxHash: string | null;
  error: string | null;
  refundDetails: { currency: string; contractAddress: string; amount?: string } | null;
}
interface Leg {
  kind: string;
  chain: string;
  status: string;
  txHash: string | null;
  url: string | null;
}
interface StatusBody {
  status: string;
  details: { state: string; paidAmount: string | null; tokenIn: string; tokenOut: string; legs: Leg[]; reason: string | null };
}

const publicClientFor = (chain: EvmChainId): PublicClient => createPublicClient({ transport: http(testManifest().chains[chain]!.rpcUrl) });
const token = (chain: EvmChainId, symbol: string) => testManifest().chains[chain]!.tokens.find((entry) => entry.symbol === symbol)!.address as Address;
const solMint = (symbol: string) => testManifest().chains.SOL!.tokens.find((entry) => entry.symbol === symbol)!.address;
const freshAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;
const tokenBalance = (chain: EvmChainId, address: Address, holder: string) =>
  publicClientFor(chain).readContract({ address, abi: erc20Abi, functionName: 'balanceOf', args: [holder as Address] });
const sign = signQuoted;
const { execute, status } = bridgeRestCalls<ExecuteBody, StatusBody>(client);

async function fundedAccount(chain: EvmChainId): Promise<PrivateKeyAccount> {
  const account = privateKeyToAccount(generatePrivateKey());
  const funded = await client.post('dev.faucet', { chain, address: account.address });
  expect(funded.status, JSON.stringify(funded.body)).toBe(200);
  return account;
}

/** The source side: the trader's native coin went down by exactly the deposit and its gas. */
async function expectNativeSpent(chain: EvmChainId, address: Address, before: bigint, amount: bigint, depositHash: string | null) {
  const receipt = await publicClientFor(chain).getTransactionReceipt({ hash: depositHash as Hex });
  expect(await publicClientFor(chain).getBalance({ address })).toBe(before - amount - receipt.gasUsed * receipt.effectiveGasPrice);
}

async function quote(query: Record<string, string>): Promise<QuoteBody> {
  const answer = await client.get<QuoteBody>('bridge.quote', query);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

async function waitForStatus(requestId: string, done: (body: StatusBody) => boolean): Promise<StatusBody> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const body = await status(requestId);
    if (done(body)) return body;
    if (Date.now() > deadline) throw new Error(`bridge ${requestId} still ${body.status}: ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('token to token, paid from the solver inventory', () => {
  it('USDC BASE to USDC ARB: approve then deposit; the recipient gets exactly amountOut, the trader spent exactly amountIn', async () => {
    const trader = await fundedAccount('BASE');
    const recipient = freshAddress();
    const [usdcBase, usdcArb] = [token('BASE', 'USDC'), token('ARB', 'USDC')];
    const solver = testManifest().chains.BASE!.solver!.address;
    const [traderBefore, solverBefore] = await Promise.all([tokenBalance('BASE', usdcBase, trader.address), tokenBalance('BASE', usdcBase, solver)]);
    const quoted = await quote({
      source: 'BASE',
      destination: 'ARB',
      amount: '250000000',
      trader: trader.address,
      recipient,
      tokenIn: usdcBase,
      tokenOut: usdcArb,
    });
    expect(quoted.transaction.approve).not.toBe('');
    expect(parseTransaction(quoted.transaction.trade as Hex).nonce).toBe(parseTransaction(quoted.transaction.approve as Hex).nonce! + 1);
    expect(quoted.stats).toMatchObject({ tokenIn: getAddress(usdcBase), tokenOut: getAddress(usdcArb), symbolOut: 'USDC' });
    expect(quoted.stats.route.map((leg) => leg.kind)).toEqual(['bridge']);
    // 250 USDC less 0.1 % and the transfer's gas, at par.
    expect(Number(quoted.stats.amountOut) / 1e6).toBeGreaterThan(249.5);
    expect(Number(quoted.stats.amountOut) / 1e6).toBeLessThan(250);

    const executed = await execute(trader, 'BASE', quoted);
    expect(executed, JSON.stringify(executed)).toMatchObject({ success: true, status: 'SUCCESS' });
    expect(await tokenBalance('ARB', usdcArb, recipient)).toBe(BigInt(quoted.stats.amountOut));
    expect(await tokenBalance('BASE', usdcBase, trader.address)).toBe(traderBefore - 250_000_000n);
    expect(await tokenBalance('BASE', usdcBase, solver)).toBe(solverBefore + 250_000_000n);
    const done = await status(quoted.transaction.requestId);
    expect(done.details.paidAmount).toBe(quoted.stats.amountOut);
    expect(done.details.legs.map((leg) => [leg.kind, leg.chain, leg.status])).toEqual([
      ['deposit', 'BASE', 'success'],
      ['fill', 'ARB', 'success'],
    ]);
    expect(done.details.legs.every((leg) => leg.url?.includes(leg.txHash!))).toBe(true);

    // A second bridge of the same token needs no approval any more.
    const again = await quote({ source: 'BASE', destination: 'ARB', amount: '1000000', trader: trader.address, tokenIn: usdcBase, tokenOut: usdcArb });
    expect(again.transaction.approve).toBe('');
  });

  it('ETH on BASE to USDC on ARB, and USDC on ARB back to ETH on BASE', async () => {
    const trader = await fundedAccount('BASE');
    const usdcArb = token('ARB', 'USDC');
    const toUsdc = await quote({ source: 'BASE', destination: 'ARB', amount: '100000000000000000', trader: trader.address, tokenOut: usdcArb });
    expect(toUsdc.transaction.approve).toBe('');
    const ethBefore = await publicClientFor('BASE').getBalance({ address: trader.address });
    const sent = await execute(trader, 'BASE', toUsdc);
    expect(sent.status).toBe('SUCCESS');
    await expectNativeSpent('BASE', trader.address, ethBefore, 10n ** 17n, sent.sourceTxHash);
    expect(await tokenBalance('ARB', usdcArb, trader.address)).toBe(BigInt(toUsdc.stats.amountOut));

    const back = await fundedAccount('ARB');
    const recipient = freshAddress();
    const usdcBefore = await tokenBalance('ARB', usdcArb, back.address);
    const toEth = await quote({ source: 'ARB', destination: 'BASE', amount: '500000000', trader: back.address, recipient, tokenIn: usdcArb });
    expect((await execute(back, 'ARB', toEth)).status).toBe('SUCCESS');
    expect(await tokenBalance('ARB', usdcArb, back.address)).toBe(usdcBefore - 500_000_000n);
    expect(await publicClientFor('BASE').getBalance({ address: recipient })).toBe(BigInt(toEth.stats.amountOut));
  });
});

describe('through swaps', () => {
  it('a token the solver holds none of is bought on the destination: ETH on BASE to BETA on ARB', async () => {
    const beta = token('ARB', 'BETA');
    const solver = testManifest().chains.ARB!.solver!.address;
    expect(await tokenBalance('ARB', beta, solver)).toBe(0n);
    const trader = await fundedAccount('BASE');
    const recipient = freshAddress();
    const quoted = await quote({ source: 'BASE', destination: 'ARB', amount: '200000000000000000', trader: trader.address, recipient, tokenOut: beta });
    expect(quoted.stats.route.map((leg) => [leg.kind, leg.chain])).toEqual([
      ['bridge', 'BASE'],
      ['swap', 'ARB'],
    ]);
    const ethBefore = await publicClientFor('BASE').getBalance({ address: trader.address });
    const executed = await execute(trader, 'BASE', quoted);
    expect(executed.status, JSON.stringify(executed)).toBe('SUCCESS');
    await expectNativeSpent('BASE', trader.address, ethBefore, 2n * 10n ** 17n, executed.sourceTxHash);
    expect(await tokenBalance('ARB', beta, recipient)).toBe(BigInt(quoted.stats.amountOut));
    expect(await tokenBalance('ARB', beta, solver)).toBe(0n);
    const done = await status(quoted.transaction.requestId);
    expect(done.details.legs.map((leg) => [leg.kind, leg.status])).toEqual([
      ['deposit', 'success'],
      ['swap', 'success'],
    ]);
  });

  it('ALPHA on INK to SOL: swapped into ETH by the deposit transaction itself, paid in lamports; the solver never holds ALPHA', async () => {
    const { Connection, Keypair, PublicKey } = await import('@solana/web3.js');
    const trader = await fundedAccount('INK');
    const recipient = Keypair.generate().publicKey.toBase58();
    const alpha = token('INK', 'ALPHA');
    const quoted = await quote({
      source: 'INK',
      destination: 'SOL',
      amount: (100n * 10n ** 18n).toString(),
      trader: trader.address,
      recipient,
      tokenIn: alpha,
    });
    expect(quoted.stats.route.map((leg) => [leg.kind, leg.chain])).toEqual([
      ['swap', 'INK'],
      ['bridge', 'INK'],
    ]);
    // The deposit is the Router's swapAndDeposit, after the Router's approval.
    expect(parseTransaction(quoted.transaction.trade as Hex).to?.toLowerCase()).toBe(testManifest().chains.INK!.routerAddress.toLowerCase());
    expect(quoted.stats).toMatchObject({ depositToken: '0x0000000000000000000000000000000000000000', depositAmount: quoted.stats.route[0]!.amountOut });
    expect((await execute(trader, 'INK', quoted)).status).toBe('SUCCESS');
    const connection = new Connection(testManifest().chains.SOL!.rpcUrl, 'confirmed');
    expect(BigInt(await connection.getBalance(new PublicKey(recipient)))).toBe(BigInt(quoted.stats.amountOut));
    expect(await tokenBalance('INK', alpha, trader.address)).toBe(900n * 10n ** 18n);
    const done = await status(quoted.transaction.requestId);
    expect(done.details.legs.map((leg) => [leg.kind, leg.chain, leg.status])).toEqual([
      ['swap', 'INK', 'success'],
      ['deposit', 'INK', 'success'],
      ['fill', 'SOL', 'success'],
    ]);
    expect(await tokenBalance('INK', alpha, testManifest().chains.INK!.solver!.address)).toBe(0n);
  });

  it("price-only, without a trader: the amounts, route and warnings of a wallet's quote, nothing to sign; an exact approval", async () => {
    const { Keypair } = await import('@solana/web3.js');
    const query = { source: 'INK', destination: 'SOL', amount: (100n * 10n ** 18n).toString(), tokenIn: token('INK', 'ALPHA') };
    const priced = await quote(query);
    const trader = await fundedAccount('INK');
    const quoted = await quote({ ...query, trader: trader.address, recipient: Keypair.generate().publicKey.toBase58(), approval: 'exact' });
    expect(priced.transaction).toEqual({ trade: '', requestId: '', approve: '' });
    // approval=exact: the Router may take exactly the 100 ALPHA the deposit swaps.
    expect(decodeFunctionData({ abi: erc20Abi, data: parseTransaction(quoted.transaction.approve as Hex).data! }).args[1]).toBe(100n * 10n ** 18n);
    expect(priced.stats.recipient).toBeUndefined();
    expect({ amountOut: priced.stats.amountOut, minAmountOut: priced.stats.minAmountOut, route: priced.stats.route, warnings: priced.warnings }).toEqual({
      amountOut: quoted.stats.amountOut,
      minAmountOut: quoted.stats.minAmountOut,
      route: quoted.stats.route,
      warnings: quoted.warnings,
    });
  });

  it('SOL to USDC on STORY', async () => {
    const { Connection, Keypair, VersionedTransaction } = await import('@solana/web3.js');
    const trader = Keypair.generate();
    expect((await client.post('dev.faucet', { chain: 'SOL', address: trader.publicKey.toBase58() })).status).toBe(200);
    const recipient = freshAddress();
    const usdc = token('STORY', 'USDC');
    const quoted = await quote({ source: 'SOL', destination: 'STORY', amount: '2000000000', trader: trader.publicKey.toBase58(), recipient, tokenOut: usdc });
    const connection = new Connection(testManifest().chains.SOL!.rpcUrl, 'confirmed');
    const lamportsBefore = BigInt(await connection.getBalance(trader.publicKey));
    const transaction = VersionedTransaction.deserialize(Buffer.from(quoted.transaction.trade, 'base64'));
    transaction.sign([trader]);
    const executed = await client.post<ExecuteBody>('bridge.execute', {
      trade: Buffer.from(transaction.serialize()).toString('base64'),
      sourceChain: 'SOL',
      requestId: quoted.transaction.requestId,
    });
    expect(executed.body, JSON.stringify(executed.body)).toMatchObject({ status: 'SUCCESS' });
    expect(await tokenBalance('STORY', usdc, recipient)).toBe(BigInt(quoted.stats.amountOut));
    // The deposit and its one signature's fee.
    expect(BigInt(await connection.getBalance(trader.publicKey))).toBe(lamportsBefore - 2_000_000_000n - 5_000n);
  });

  it('USDC on SOL to USDC on UNI: an SPL deposit with the requestId as memo', async () => {
    const { Connection, Keypair, PublicKey, VersionedTransaction } = await import('@solana/web3.js');
    const trader = Keypair.generate();
    expect((await client.post('dev.faucet', { chain: 'SOL', address: trader.publicKey.toBase58() })).status).toBe(200);
    const recipient = freshAddress();
    const quoted = await quote({
      source: 'SOL',
      destination: 'UNI',
      amount: '40000000',
      trader: trader.publicKey.toBase58(),
      recipient,
      tokenIn: solMint('USDC'),
      tokenOut: token('UNI', 'USDC'),
    });
    const transaction = VersionedTransaction.deserialize(Buffer.from(quoted.transaction.trade, 'base64'));
    transaction.sign([trader]);
    const executed = await client.post<ExecuteBody>('bridge.execute', {
      trade: Buffer.from(transaction.serialize()).toString('base64'),
      sourceChain: 'SOL',
      requestId: quoted.transaction.requestId,
    });
    expect(executed.body, JSON.stringify(executed.body)).toMatchObject({ status: 'SUCCESS' });
    expect(await tokenBalance('UNI', token('UNI', 'USDC'), recipient)).toBe(BigInt(quoted.stats.amountOut));
    const connection = new Connection(testManifest().chains.SOL!.rpcUrl, 'confirmed');
    const held = await connection.getParsedTokenAccountsByOwner(trader.publicKey, { mint: new PublicKey(solMint('USDC')) });
    expect(held.value.map((account) => account.account.data.parsed.info.tokenAmount.amount)).toEqual([(10_000n * 10n ** 6n - 40_000_000n).toString()]);
    // 40 USDC less 0.1 % and the transfer's gas on UNI (a few cents), at par.
    expect(Number(quoted.stats.amountOut)).toBeGreaterThan(39_500_000);
    expect(Number(quoted.stats.amountOut)).toBeLessThan(39_960_000);
  });

  it("ETH on BASE to USDC on SOL: the solver opens the fresh wallet's token account and pays it", async () => {
    const { Connection, Keypair, PublicKey } = await import('@solana/web3.js');
    const trader = await fundedAccount('BASE');
    const recipient = Keypair.generate().publicKey.toBase58();
    const quoted = await quote({
      source: 'BASE',
      destination: 'SOL',
      amount: '50000000000000000',
      trader: trader.address,
      recipient,
      tokenOut: solMint('USDC'),
    });
    expect((await execute(trader, 'BASE', quoted)).status).toBe('SUCCESS');
    const connection = new Connection(testManifest().chains.SOL!.rpcUrl, 'confirmed');
    const accounts = await connection.getParsedTokenAccountsByOwner(new PublicKey(recipient), { mint: new PublicKey(solMint('USDC')) });
    expect(accounts.value.map((account) => account.account.data.parsed.info.tokenAmount.amount)).toEqual([quoted.stats.amountOut]);
  });

  it('a taxed token in: TAX on ABS to the native coin of HYPE, its sell tax in the price and its warning', async () => {
    const trader = await fundedAccount('ABS');
    const recipient = freshAddress();
    const tax = token('ABS', 'TAX');
    const quoted = await quote({ source: 'ABS', destination: 'HYPE', amount: (500n * 10n ** 18n).toString(), trader: trader.address, recipient, tokenIn: tax });
    expect(quoted.warnings.map((warning) => warning.code)).toContain('HIGH_TAX');
    const taxBefore = await tokenBalance('ABS', tax, trader.address);
    expect((await execute(trader, 'ABS', quoted)).status).toBe('SUCCESS');
    expect(await tokenBalance('ABS', tax, trader.address)).toBe(taxBefore - 500n * 10n ** 18n);
    expect(await publicClientFor('HYPE').getBalance({ address: recipient })).toBe(BigInt(quoted.stats.amountOut));
    // Swapped into ETH inside the deposit, its sell tax paid by the trader's own swap: the solver never holds TAX.
    expect(await tokenBalance('ABS', tax, testManifest().chains.ABS!.solver!.address)).toBe(0n);
  });
});

describe('refused and returned', () => {
  it('names tokenIn and tokenOut that are not tokens, and SPL tokens on SOL other than the stable', async () => {
    const trader = freshAddress();
    const notAToken = await client.get<QuoteBody>('bridge.quote', {
      source: 'BASE',
      destination: 'ARB',
      amount: '1000',
      trader,
      tokenIn: '0x1111111111111111111111111111111111111111',
    });
    expect(notAToken.status).toBe(400);
    expect(notAToken.body).toMatchObject({ code: 'INVALID_INPUT', field: 'tokenIn' });
    const wrongFamily = await client.get<QuoteBody>('bridge.quote', {
      source: 'BASE',
      destination: 'ARB',
      amount: '1000',
      trader,
      tokenOut: 'So11111111111111111111111111111111111111112',
    });
    expect(wrongFamily.status).toBe(400);
    expect(wrongFamily.body).toMatchObject({ field: 'tokenOut' });
    const spl = await client.get<QuoteBody>('bridge.quote', {
      source: 'BASE',
      destination: 'SOL',
      amount: '100000000000000000',
      trader,
      recipient: '11111111111111111111111111111111',
      tokenOut: solMint('ALPHA'),
    });
    expect(spl.status).toBe(400);
    expect(spl.body).toMatchObject({ code: 'INVALID_INPUT', field: 'tokenOut' });
  });

  it('a swap-and-deposit whose minimum, recipient or requestId was changed is refused naming trade, and nothing is sent', async () => {
    const trader = await fundedAccount('UNI');
    const quoted = await quote({
      source: 'UNI',
      destination: 'MEGAETH',
      amount: (50n * 10n ** 18n).toString(),
      trader: trader.address,
      tokenIn: token('UNI', 'BETA'),
    });
    const unsigned = parseTransaction(quoted.transaction.trade as Hex);
    const { args } = decodeFunctionData({ abi: routerAbi, data: unsigned.data! });
    const [params, requestId] = args as unknown as [Record<string, unknown>, Hex];
    const tampered = [
      { ...params, amountOutMin: 0n },
      { ...params, recipient: trader.address },
    ].map((changed) => encodeFunctionData({ abi: routerAbi, functionName: 'swapAndDeposit', args: [changed as never, requestId] }));
    tampered.push(encodeFunctionData({ abi: routerAbi, functionName: 'swapAndDeposit', args: [params as never, `0x${'11'.repeat(32)}`] }));
    for (const data of tampered) {
      const signed = await trader.signTransaction({ ...(unsigned as TransactionSerializableEIP1559), data });
      const answer = await client.post('bridge.execute', {
        trade: signed,
        approve: await sign(trader, quoted.transaction.approve),
        sourceChain: 'UNI',
        requestId: quoted.transaction.requestId,
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'TX_MISMATCH', field: 'trade' });
    }
    expect(await publicClientFor('UNI').getTransactionCount({ address: trader.address })).toBe(0);
  });

  it('a deposit without the approval it needs is refused naming approve, and nothing is sent', async () => {
    const trader = await fundedAccount('BASE');
    const quoted = await quote({ source: 'BASE', destination: 'ARB', amount: '1000000', trader: trader.address, tokenIn: token('BASE', 'USDC') });
    const executed = await client.post('bridge.execute', {
      trade: await sign(trader, quoted.transaction.trade),
      sourceChain: 'BASE',
      requestId: quoted.transaction.requestId,
    });
    expect(executed.status).toBe(400);
    expect(executed.body).toMatchObject({ code: 'INVALID_INPUT', field: 'approve' });
    expect(await publicClientFor('BASE').getTransactionCount({ address: trader.address })).toBe(0);
  });

  it('a fill that cannot be made returns the deposit in the token deposited', async () => {
    const trader = await fundedAccount('STORY');
    const [usdcStory, usdcInk] = [token('STORY', 'USDC'), token('INK', 'USDC')];
    const quoted = await quote({ source: 'STORY', destination: 'INK', amount: '300000000', trader: trader.address, tokenIn: usdcStory, tokenOut: usdcInk });
    // Between the quote and the deposit, the solver's USDC on INK goes elsewhere.
    const ink = testManifest().chains.INK!;
    const solver = privateKeyToAccount(ink.solver!.privateKey as Hex);
    const held = await tokenBalance('INK', usdcInk, solver.address);
    const { createWalletClient } = await import('viem');
    const wallet = createWalletClient({ account: solver, transport: http(ink.rpcUrl) });
    const drained = await wallet.writeContract({ address: usdcInk, abi: erc20Abi, functionName: 'transfer', args: [freshAddress(), held], chain: null });
    await receiptOf(publicClientFor('INK'), drained);

    const before = await tokenBalance('STORY', usdcStory, trader.address);
    const executed = await execute(trader, 'STORY', quoted);
    expect(executed).toMatchObject({ success: false, status: 'FAILED' });
    const returned = await waitForStatus(quoted.transaction.requestId, (body) => body.details.state === 'refund');
    expect(returned.details.reason).toMatch(/could not fill on .*USDC/);
    expect(returned.details.legs.map((leg) => [leg.kind, leg.status])).toEqual([
      ['deposit', 'success'],
      ['refund', 'success'],
    ]);
    const answer = await client.get<{ refundDetails: ExecuteBody['refundDetails'] }>('bridge.status', { requestId: quoted.transaction.requestId });
    expect(answer.body.refundDetails).toMatchObject({ currency: 'USDC', contractAddress: getAddress(usdcStory) });
    // The deposit less the refund's gas, in USDC: a cent at most on the local world.
    const refunded = BigInt(answer.body.refundDetails!.amount!);
    expect(refunded).toBeLessThan(300_000_000n);
    expect(refunded).toBeGreaterThan(300_000_000n - 10_000n);
    expect(await tokenBalance('STORY', usdcStory, trader.address)).toBe(before - 300_000_000n + refunded);
    // Quoted now, the same bridge buys the USDC it lacks on INK with its native coin instead.
    const requoted = await quote({ source: 'STORY', destination: 'INK', amount: '300000000', trader: trader.address, tokenIn: usdcStory, tokenOut: usdcInk });
    expect(requoted.stats.route.map((leg) => [leg.kind, leg.chain])).toEqual([
      ['bridge', 'STORY'],
      ['swap', 'INK'],
    ]);
  });
});

describe('the solver inventory', () => {
  it('is listed per chain and token by `npm run solver -- inventory` and as a metric', async () => {
    const { execFile } = await import('node:child_process');
    const output = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'server/cli/solver.ts', 'inventory'],
        { env: { ...process.env, LOG_LEVEL: 'silent' } },
        (error, stdout, stderr) => {
          if (error) reject(new Error(`${error.message}\n${stderr}`));
          else resolve(stdout);
        },
      );
    });
    const rows = output
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(/\s+/));
    const usdcOnBase = rows.find(([chain, symbol]) => chain === 'BASE' && symbol === 'USDC');
    expect(usdcOnBase?.[3]).toBe((await tokenBalance('BASE', token('BASE', 'USDC'), testManifest().chains.BASE!.solver!.address)).toString());
    expect(rows.some(([chain, symbol]) => chain === 'SOL' && symbol === 'SOL')).toBe(true);
    const services = await client.services();
    const metrics = await services.metrics.registry.metrics();
    expect(metrics).toMatch(/bridge_solver_inventory\{chain="ARB",token="USDC"\} \d+/);
  });

  it('a bridge beyond what the solver holds is refused, naming the chain but not its holdings', async () => {
    // Limits raised so that the inventory is what refuses it.
    const bridge = { ...(await client.services()).bridge, limits: { maxUsd: 1e12, maxOutstandingUsd: { ARB: 1e12 }, maxDestinationGas: 1_000_000n } };
    const refusal = await bridgeQuoteAnswer(bridge, 'test', {
      source: 'BASE',
      destination: 'ARB',
      amount: (5_000_000n * 10n ** 6n).toString(),
      trader: freshAddress(),
      tokenIn: token('BASE', 'USDC'),
      tokenOut: token('ARB', 'USDC'),
    }).then(
      () => undefined,
      (error: unknown) => error as Error & { code: string },
    );
    expect(refusal?.code).toBe('INSUFFICIENT_LIQUIDITY');
    expect(refusal?.message).toMatch(/^This amount cannot be filled on Arbitrum One right now: paying out [\d,.]+ ETH there/);
    expect(refusal?.message).not.toMatch(/holds/);
  });
});

async function openInstance(env: Record<string, string>): Promise<Services> {
  return createServices(loadConfig({ ...process.env, ...env }));
}

describe('durability', () => {
  it('a destination swap stored but not sent before a restart is sent once by the next instance', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bridge-token-restart-'));
    try {
      const trader = await fundedAccount('MONAD');
      const recipient = freshAddress();
      const beta = token('UNI', 'BETA');
      const first = await openInstance({ DATA_DIR: dataDir });
      const quoted = await bridgeQuoteAnswer(first.bridge, 'test', {
        source: 'MONAD',
        destination: 'UNI',
        amount: '3000000000',
        trader: trader.address,
        recipient,
        tokenIn: token('MONAD', 'USDC'),
        tokenOut: beta,
      });
      const requestId = quoted.transaction.requestId;
      const source = first.bridge.chains.MONAD!;
      await source.sendApproval(await sign(trader, quoted.transaction.approve!), 10_000);
      const signed = await sign(trader, quoted.transaction.trade);
      await source.broadcast(signed);
      const deposit = (
        await source.waitForDeposit(
          (
            await source.checkSignedDeposit(signed, {
              trader: trader.address,
              amount: 3_000_000_000n,
              requestId,
              token: token('MONAD', 'USDC'),
            })
          ).txHash,
          10_000,
        )
      ).deposit!;
      const row = await first.bridge.requests.recordDeposit(
        requestId,
        {
          txHash: deposit.txHash,
          from: deposit.from,
          amount: deposit.amount,
          confirmedAt: new Date(deposit.confirmedAtMs),
          token: deposit.token,
        },
        { state: 'pending' },
      );
      // The solver built and stored the swap, then the process died before sending it.
      const destination = first.bridge.chains.UNI!;
      const payment = await signFill(first.bridge, destination, row!)();
      expect(await first.bridge.requests.storePayment(requestId, payment)).toBe(true);
      await first.close();

      const second = await openInstance({ DATA_DIR: dataDir });
      try {
        await second.solver.drain();
        expect(await second.bridge.requests.find(requestId)).toMatchObject({
          state: 'success',
          fillTxHash: payment.txHash.toLowerCase(),
          paidAmount: quoted.stats.amountOut,
        });
        expect(await tokenBalance('UNI', beta, recipient)).toBe(BigInt(quoted.stats.amountOut));
        await second.solver.drain();
        expect(await tokenBalance('UNI', beta, recipient)).toBe(BigInt(quoted.stats.amountOut));
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('two instances on one PostgreSQL pay each token bridge exactly once', async () => {
    const alpha = token('PLASMA', 'ALPHA');
    await withTwoInstances('bridge_tokens', async (instances) => {
      const requests = await Promise.all(
        Array.from({ length: 3 }, async (_, index) => {
          const trader = await fundedAccount('MEGAETH');
          const recipient = freshAddress();
          const quoted = await bridgeQuoteAnswer(instances[index % 2]!.bridge, 'test', {
            source: 'MEGAETH',
            destination: 'PLASMA',
            amount: '100000000',
            trader: trader.address,
            recipient,
            tokenIn: token('MEGAETH', 'USDC'),
            tokenOut: alpha,
          });
          const megaeth = publicClientFor('MEGAETH');
          await receiptOf(megaeth, await megaeth.sendRawTransaction({ serializedTransaction: await sign(trader, quoted.transaction.approve!) }));
          await megaeth.sendRawTransaction({ serializedTransaction: await sign(trader, quoted.transaction.trade) });
          return { requestId: quoted.transaction.requestId, recipient, minAmountOut: BigInt(quoted.stats.minAmountOut!) };
        }),
      );
      await waitUntilFilled(
        instances[1],
        requests.map((request) => request.requestId),
      );
      await Promise.all(instances.map((instance) => instance.solver.drain()));
      // Each swap moved the pool for the next, so each pays its own measured amount: once, within the slippage.
      for (const request of requests) {
        const row = await instances[0].bridge.requests.find(request.requestId);
        const received = await tokenBalance('PLASMA', alpha, request.recipient);
        expect(received).toBe(BigInt(row!.paidAmount!));
        expect(received).toBeGreaterThanOrEqual(request.minAmountOut);
      }
    });
  });
});
