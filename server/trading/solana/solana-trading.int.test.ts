/**
 * Solana trading end to end over REST on the local node: quote, sign with @solana/web3.js, execute, and
 * compare what the chain delivered with the quote, to the lamport and base unit.
 */
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Connection, Keypair, PublicKey, VersionedTransaction } from '@solana/web3.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import { issueQuoteId, quoteClaimsSchema } from '../quote-id';
import { useRestClient } from '@/server/rest/test-support/use-rest-client';

const SOL = '0x0000000000000000000000000000000000000000';
const client = useRestClient();
let connection: Connection;

beforeAll(() => {
  connection = new Connection(testManifest().chains.SOL!.rpcUrl, 'confirmed');
});

interface QuoteBody {
  success: boolean;
  stats: Record<string, string | number>;
  transaction: { trade: string; approve?: string; extra?: string; quoteId: string };
  code?: string;
}

const mint = (symbol: string) => testManifest().chains.SOL!.tokens.find((token) => token.symbol === symbol)!.address;

async function fundedWallet(): Promise<Keypair> {
  const wallet = Keypair.generate();
  const funded = await client.post('dev.faucet', { chain: 'SOL', address: wallet.publicKey.toBase58() });
  expect(funded.status, JSON.stringify(funded.body)).toBe(200);
  return wallet;
}

function sign(wallet: Keypair, base64: string): string {
  const transaction = VersionedTransaction.deserialize(Buffer.from(base64, 'base64'));
  transaction.sign([wallet]);
  return Buffer.from(transaction.serialize()).toString('base64');
}

async function balanceOf(owner: PublicKey, token: string): Promise<bigint> {
  if (token === SOL) return BigInt(await connection.getBalance(owner, 'confirmed'));
  const account = getAssociatedTokenAddressSync(new PublicKey(token), owner, true);
  try {
    return BigInt((await connection.getTokenAccountBalance(account, 'confirmed')).value.amount);
  } catch {
    return 0n;
  }
}

async function feeOf(signature: string): Promise<bigint> {
  const tx = await connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
  return BigInt(tx!.meta!.fee);
}

function quoteV2(wallet: Keypair, tokenIn: string, tokenOut: string, amount: string, extra: Record<string, string | number> = {}) {
  return client.get<QuoteBody>('v2.quote', { chain: 'SOL', tokenIn, tokenOut, amount, slippage: 100, trader: wallet.publicKey.toBase58(), ...extra });
}

function executeV2(trade: string, quoteId: string) {
  return client.post<{
    success: boolean;
    status: string;
    txRes: { txHash: string; explorerUrl: string; spent: string; received: string };
    parsedError: string | null;
  }>('v2.execute', { chain: 'SOL', trade, quoteId, mev: false, simulation: true });
}

describe('Solana trading through the maker', () => {
  it('BUY (SOL to a mint): received equals the quote; the answer names the signature and its explorer page', async () => {
    const wallet = await fundedWallet();
    const alpha = mint('ALPHA');
    const quote = await quoteV2(wallet, SOL, alpha, '1000000000');
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.transaction.approve).toBe('');
    const before = await balanceOf(wallet.publicKey, alpha);
    const executed = await executeV2(sign(wallet, quote.body.transaction.trade), quote.body.transaction.quoteId);
    expect(executed.body, JSON.stringify(executed.body)).toMatchObject({ success: true, status: 'SUCCESS', parsedError: null });
    expect((await balanceOf(wallet.publicKey, alpha)) - before).toBe(BigInt(quote.body.stats.amountOut!));
    // The local world: the app's own transaction page (no public explorer knows its transactions).
    expect(executed.body.txRes.explorerUrl).toBe(`/tx/SOL/${executed.body.txRes.txHash}`);
    expect(Number(executed.body.txRes.received) * 1e6).toBeCloseTo(Number(quote.body.stats.amountOut), 0);
  });

  it('SELL (a mint to SOL, v1): the SOL that arrives, plus the network fee, equals the quote', async () => {
    const wallet = await fundedWallet();
    const alpha = mint('ALPHA');
    const quote = await client.get<QuoteBody>('v1.quote', {
      chain: 'SOL',
      token: alpha,
      side: 'SELL',
      amount: '500000000',
      slippage: 100,
      trader: wallet.publicKey.toBase58(),
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.transaction.approve).toBeUndefined();
    const before = await balanceOf(wallet.publicKey, SOL);
    const executed = await client.post<{ success: boolean; txRes: { txHash: string; spent: string } }>('v1.execute', {
      network: 'SOL',
      trade: sign(wallet, quote.body.transaction.trade),
      quoteId: quote.body.transaction.quoteId,
      mev: false,
      simulation: true,
    });
    expect(executed.body, JSON.stringify(executed.body)).toMatchObject({ success: true, status: 'SUCCESS' });
    expect(executed.body.txRes.spent).toBe('500');
    const fee = await feeOf(executed.body.txRes.txHash);
    expect((await balanceOf(wallet.publicKey, SOL)) - before + fee).toBe(BigInt(quote.body.stats.amountOut!));
  });

  it('mint to mint: received equals the quote', async () => {
    const wallet = await fundedWallet();
    const beta = mint('BETA');
    const quote = await quoteV2(wallet, mint('USDC'), beta, '250000000');
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const before = await balanceOf(wallet.publicKey, beta);
    const executed = await executeV2(sign(wallet, quote.body.transaction.trade), quote.body.transaction.quoteId);
    expect(executed.body).toMatchObject({ success: true });
    expect((await balanceOf(wallet.publicKey, beta)) - before).toBe(BigInt(quote.body.stats.amountOut!));
  });

  it('mint to mint quotes value their input in USD (from the stable side, or from what it fetches in SOL)', async () => {
    const wallet = await fundedWallet();
    const fromStable = await quoteV2(wallet, mint('USDC'), mint('BETA'), '250000000');
    expect(fromStable.body.stats.valueAmountInUsd).toBe(250);
    const noStable = await quoteV2(wallet, mint('BETA'), mint('ALPHA'), '1000000000');
    expect(noStable.status, JSON.stringify(noStable.body)).toBe(200);
    expect(Number(noStable.body.stats.valueAmountInUsd)).toBeGreaterThan(0);
  });

  it('amountOutMin is what the signed transaction enforces: the maker pays exactly amountOut, whatever the slippage', async () => {
    const wallet = await fundedWallet();
    for (const [tokenIn, tokenOut, amount] of [
      [SOL, mint('BETA'), '100000000'],
      [mint('BETA'), SOL, '1000000000'],
    ] as const) {
      const quote = await quoteV2(wallet, tokenIn, tokenOut, amount, { slippage: 500 });
      expect(quote.status, JSON.stringify(quote.body)).toBe(200);
      expect(quote.body.stats.amountOutMin).toBe(quote.body.stats.amountOut);
    }
  });

  it('fees arrive exactly: v2 80/20 split of fee 100 plus the 10 bps base, on the SOL side', async () => {
    const wallet = await fundedWallet();
    const integrator = await fundedWallet();
    const collector = new PublicKey(testManifest().chains.SOL!.contracts.feeCollector!);
    const amountIn = 2_000_000_000n;
    const quote = await quoteV2(wallet, SOL, mint('BETA'), amountIn.toString(), { integrator: integrator.publicKey.toBase58(), fee: 100 });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const [integratorBefore, collectorBefore] = await Promise.all([balanceOf(integrator.publicKey, SOL), balanceOf(collector, SOL)]);
    const executed = await executeV2(sign(wallet, quote.body.transaction.trade), quote.body.transaction.quoteId);
    expect(executed.body).toMatchObject({ success: true });
    expect((await balanceOf(integrator.publicKey, SOL)) - integratorBefore).toBe((amountIn * 80n) / 10_000n);
    expect((await balanceOf(collector, SOL)) - collectorBefore).toBe((amountIn * 30n) / 10_000n);
  });

  it("refuses a transaction whose message differs from the quote, and a signature that is not the trader's", async () => {
    const wallet = await fundedWallet();
    const quote = await quoteV2(wallet, SOL, mint('ALPHA'), '100000000');
    const transaction = VersionedTransaction.deserialize(Buffer.from(quote.body.transaction.trade, 'base64'));
    // Another compute-unit price: the same trade, a different message.
    const data = transaction.message.compiledInstructions[1]!.data;
    data[data.length - 1] = (data[data.length - 1]! + 1) % 256;
    transaction.sign([wallet]);
    const changed = await executeV2(Buffer.from(transaction.serialize()).toString('base64'), quote.body.transaction.quoteId);
    expect(changed.status).toBe(400);
    expect(changed.body).toMatchObject({ code: 'TX_MISMATCH', status: 'FAILED', parsedError: 'TX_MISMATCH' });

    // The quoted message with a signature that is not the trader's.
    const original = VersionedTransaction.deserialize(Buffer.from(quote.body.transaction.trade, 'base64'));
    original.signatures[0] = new Uint8Array(64).fill(7);
    const forged = await executeV2(Buffer.from(original.serialize()).toString('base64'), quote.body.transaction.quoteId);
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ code: 'INVALID_SIGNATURE' });
  });

  it('refuses an expired quote without the maker signing anything', async () => {
    const wallet = await fundedWallet();
    const quote = await quoteV2(wallet, SOL, mint('ALPHA'), '100000000');
    const claims = quoteClaimsSchema.parse(JSON.parse(Buffer.from(quote.body.transaction.quoteId.split('.')[0]!, 'base64url').toString()));
    const expired = issueQuoteId((await client.services()).appSecret, { ...claims, exp: Date.now() - 1 });
    const signed = sign(wallet, quote.body.transaction.trade);
    const answer = await executeV2(signed, expired);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'QUOTE_EXPIRED' });
    const signature = VersionedTransaction.deserialize(Buffer.from(signed, 'base64')).signatures[0]!;
    const { getBase58Decoder } = await import('@solana/kit');
    expect((await connection.getSignatureStatus(getBase58Decoder().decode(signature))).value).toBeNull();
  });

  it("last look: the maker refuses to sign once its inventory moved beyond the quote's slippage", async () => {
    const wallet = await fundedWallet();
    const whale = await fundedWallet();
    const beta = mint('BETA');
    // No slippage allowed: any move against the quote is beyond it.
    const quote = await quoteV2(wallet, SOL, beta, '100000000', { slippage: 0 });
    // Someone else buys BETA from the maker in between.
    const big = await quoteV2(whale, SOL, beta, '5000000000');
    expect(big.status, JSON.stringify(big.body)).toBe(200);
    expect((await executeV2(sign(whale, big.body.transaction.trade), big.body.transaction.quoteId)).body).toMatchObject({ success: true });
    const before = await balanceOf(wallet.publicKey, SOL);
    const answer = await executeV2(sign(wallet, quote.body.transaction.trade), quote.body.transaction.quoteId);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ code: 'SLIPPAGE_EXCEEDED', status: 'FAILED', parsedError: 'SLIPPAGE_EXCEEDED' });
    expect(await balanceOf(wallet.publicKey, SOL)).toBe(before);
  });

  it('re-executing returns the first result', async () => {
    const wallet = await fundedWallet();
    const quote = await quoteV2(wallet, SOL, mint('USDC'), '300000000');
    const signed = sign(wallet, quote.body.transaction.trade);
    const [first, second] = await Promise.all([executeV2(signed, quote.body.transaction.quoteId), executeV2(signed, quote.body.transaction.quoteId)]);
    const third = await executeV2(signed, quote.body.transaction.quoteId);
    expect(first.body).toMatchObject({ success: true });
    expect(second.body).toEqual(first.body);
    expect(third.body).toEqual(first.body);
  });

  it('insufficient balance is a clear error before anything is sent', async () => {
    const wallet = await fundedWallet();
    const alpha = mint('ALPHA');
    const held = await balanceOf(wallet.publicKey, alpha);
    const quote = await quoteV2(wallet, alpha, SOL, (held * 10n).toString());
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const before = await balanceOf(wallet.publicKey, SOL);
    const answer = await executeV2(sign(wallet, quote.body.transaction.trade), quote.body.transaction.quoteId);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ code: 'INSUFFICIENT_BALANCE', status: 'FAILED', parsedError: 'INSUFFICIENT_BALANCE' });
    expect(await balanceOf(wallet.publicKey, SOL)).toBe(before);
  });
});
