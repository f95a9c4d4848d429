/**
 * EVM trading end to end over REST on the local world: quote, sign with viem, execute, and compare what
 * the chain delivered with what the quote promised, to the wei.
 */
import {
  createPublicClient,
  decodeFunctionData,
  erc20Abi,
  http,
  keccak256,
  maxUint256,
  parseTransaction,
  type Address,
  type Hex,
  type PublicClient,
  type TransactionSerializableEIP1559,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import type { ManifestChain } from '@/server/chains/devnet-manifest';
import { EVM_CHAIN_IDS, V1_QUOTE_CHAINS, type EvmChainId } from '@/server/chains/registry';
import { routerAbi } from '@/server/venues/evm/generated/contracts';
import { issueQuoteId, quoteClaimsSchema, verifyQuoteId } from './quote-id';
import { useRestClient } from '@/server/rest/test-support/use-rest-client';

const NATIVE = '0x0000000000000000000000000000000000000000' as Address;
const client = useRestClient();

interface Wallet {
  chain: EvmChainId;
  account: PrivateKeyAccount;
  publicClient: PublicClient;
  entry: ManifestChain;
  token(symbol: string): Address;
}

async function fundedWallet(chain: EvmChainId): Promise<Wallet> {
  const entry = testManifest().chains[chain]!;
  const account = privateKeyToAccount(generatePrivateKey());
  const funded = await client.post('dev.faucet', { chain, address: account.address });
  expect(funded.status, JSON.stringify(funded.body)).toBe(200);
  return {
    chain,
    account,
    entry,
    publicClient: createPublicClient({ transport: http(entry.rpcUrl) }),
    token: (symbol) => entry.tokens.find((token) => token.symbol === symbol)!.address as Address,
  };
}

interface QuoteBody {
  success: boolean;
  stats: Record<string, string | number>;
  path?: { step: { poolType: string } }[];
  route?: { share: number; hops: { venue: string; tokenIn: string; tokenOut: string }[] }[];
  transaction: { trade: string; approve?: string; quoteId: string };
  code?: string;
}

async function sign(wallet: Wallet, unsigned: string | undefined): Promise<Hex | undefined> {
  if (!unsigned) return undefined;
  return wallet.account.signTransaction(parseTransaction(unsigned as Hex) as TransactionSerializableEIP1559);
}

async function tokenBalance(wallet: Wallet, token: Address, owner: Address = wallet.account.address): Promise<bigint> {
  if (token === NATIVE) return wallet.publicClient.getBalance({ address: owner });
  return wallet.publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
}

/** Native spent on gas by the wallet's transactions between two nonces. */
async function gasSpent(wallet: Wallet, hashes: Hex[]): Promise<bigint> {
  let total = 0n;
  for (const hash of hashes) {
    const receipt = await wallet.publicClient.getTransactionReceipt({ hash });
    total += receipt.gasUsed * receipt.effectiveGasPrice;
  }
  return total;
}

/** The hash of a signed transaction is the keccak of its bytes. */
function txHashOf(signed: Hex | undefined): Hex[] {
  return signed ? [keccak256(signed)] : [];
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

type Api = 'v1' | 'v2';

function quoteRequest(api: Api, wallet: Wallet, side: 'BUY' | 'SELL', token: Address, amount: string) {
  const common = { chain: wallet.chain, slippage: 100, trader: wallet.account.address };
  if (api === 'v1') return client.get<QuoteBody>('v1.quote', { ...common, token, side, amount });
  const [tokenIn, tokenOut] = side === 'BUY' ? [NATIVE, token] : [token, NATIVE];
  const raw = side === 'BUY' ? (BigInt(Math.round(Number(amount) * 1e6)) * 10n ** 12n).toString() : amount;
  return client.get<QuoteBody>('v2.quote', { ...common, tokenIn, tokenOut, amount: raw });
}

function executeRequest(api: Api, wallet: Wallet, quote: QuoteBody, trade: Hex | undefined, approve: Hex | undefined) {
  const common = { trade, approve, mev: false, simulation: true, quoteId: quote.transaction.quoteId };
  return api === 'v1'
    ? client.post<Record<string, unknown>>('v1.execute', { ...common, network: wallet.chain })
    : client.post<Record<string, unknown>>('v2.execute', { ...common, chain: wallet.chain });
}

/**
 * SELL 100 ALPHA (no allowance yet: approve n, trade n+1), then BUY BETA with 0.01 native (v1: trade, then
 * the approval in the background; v2: no approval), comparing what arrives with the quote to the wei.
 */
async function sellThenBuy(api: Api, chain: EvmChainId): Promise<void> {
  const wallet = await fundedWallet(chain);
  const alpha = wallet.token('ALPHA');
  const beta = wallet.token('BETA');
  const nonce = await wallet.publicClient.getTransactionCount({ address: wallet.account.address });

  const sell = await quoteRequest(api, wallet, 'SELL', alpha, '100000000000000000000');
  expect(sell.status, JSON.stringify(sell.body)).toBe(200);
  expect(parseTransaction(sell.body.transaction.approve as Hex).nonce).toBe(nonce);
  expect(parseTransaction(sell.body.transaction.trade as Hex).nonce).toBe(nonce + 1);
  const sellApprove = await sign(wallet, sell.body.transaction.approve);
  const sellTrade = await sign(wallet, sell.body.transaction.trade);
  const nativeBefore = await tokenBalance(wallet, NATIVE);
  const sold = await executeRequest(api, wallet, sell.body, sellTrade, sellApprove);
  expect(sold.body, JSON.stringify(sold.body)).toMatchObject({ success: true, status: 'SUCCESS' });
  expect(sold.body.txRes).toMatchObject({ spent: '100' });
  if (api === 'v1') expect(sold.body.txRes).toMatchObject({ traderAddress: wallet.account.address, fromToken: alpha, toToken: NATIVE, network: chain });
  const gas = await gasSpent(wallet, [...txHashOf(sellApprove), ...txHashOf(sellTrade)]);
  expect((await tokenBalance(wallet, NATIVE)) - nativeBefore + gas).toBe(BigInt(sell.body.stats.amountOut!));

  const buy = await quoteRequest(api, wallet, 'BUY', beta, '0.01');
  expect(buy.status, JSON.stringify(buy.body)).toBe(200);
  expect(parseTransaction(buy.body.transaction.trade as Hex).nonce).toBe(nonce + 2);
  if (api === 'v1') expect(parseTransaction(buy.body.transaction.approve as Hex).nonce).toBe(nonce + 3);
  else expect(buy.body.transaction.approve).toBe('');
  const betaBefore = await tokenBalance(wallet, beta);
  const bought = await executeRequest(api, wallet, buy.body, await sign(wallet, buy.body.transaction.trade), await sign(wallet, buy.body.transaction.approve));
  expect(bought.body, JSON.stringify(bought.body)).toMatchObject({ success: true, status: 'SUCCESS' });
  expect((await tokenBalance(wallet, beta)) - betaBefore).toBe(BigInt(buy.body.stats.amountOut!));
  if (api === 'v1') {
    // The post-buy approval lands after the answer.
    await waitFor(
      async () =>
        (await wallet.publicClient.readContract({
          address: beta,
          abi: erc20Abi,
          functionName: 'allowance',
          args: [wallet.account.address, wallet.entry.routerAddress as Address],
        })) === maxUint256,
    );
  }
}

describe('EVM trading on every chain', () => {
  it.each([...EVM_CHAIN_IDS])('%s v2: SELL with approval (nonces n, n+1), then BUY; received equals the quote to the wei', (chain) => sellThenBuy('v2', chain));
  it.each([...V1_QUOTE_CHAINS.filter((chain) => chain !== 'SOL')])(
    '%s v1: SELL with approval, then BUY with the approval after it; received equals the quote to the wei',
    (chain) => sellThenBuy('v1', chain),
  );
});

describe('EVM trading cases (BASE)', () => {
  it('approval=exact approves what the sale spends and no more: the allowance ends at 0 and the next sale asks again', async () => {
    const wallet = await fundedWallet('BASE');
    const alpha = wallet.token('ALPHA');
    const router = wallet.entry.routerAddress as Address;
    const allowance = () =>
      wallet.publicClient.readContract({ address: alpha, abi: erc20Abi, functionName: 'allowance', args: [wallet.account.address, router] });
    const quoteSale = (amount: string, approval: string) =>
      client.get<QuoteBody>('v2.quote', {
        chain: 'BASE',
        tokenIn: alpha,
        tokenOut: NATIVE,
        amount,
        slippage: 100,
        trader: wallet.account.address,
        approval,
      });
    const approvedAmount = (quote: QuoteBody) => decodeFunctionData({ abi: erc20Abi, data: parseTransaction(quote.transaction.approve as Hex).data! }).args[1];

    const exact = await quoteSale('40000000000000000000', 'exact');
    expect(exact.status, JSON.stringify(exact.body)).toBe(200);
    expect(approvedAmount(exact.body)).toBe(40n * 10n ** 18n);
    const sold = await executeRequest(
      'v2',
      wallet,
      exact.body,
      await sign(wallet, exact.body.transaction.trade),
      await sign(wallet, exact.body.transaction.approve),
    );
    expect(sold.body, JSON.stringify(sold.body)).toMatchObject({ success: true, status: 'SUCCESS' });
    expect(await allowance()).toBe(0n);

    // A share of the balance approves the amount it resolves to; the default is still the interface's maximum.
    const share = await quoteSale('25%', 'exact');
    expect(share.status, JSON.stringify(share.body)).toBe(200);
    expect(approvedAmount(share.body)).toBe(BigInt(share.body.stats.amountIn!));
    expect(approvedAmount((await quoteSale('1000000000000000000', 'unlimited')).body)).toBe(maxUint256);
    expect(
      approvedAmount(
        (
          await client.get<QuoteBody>('v2.quote', {
            chain: 'BASE',
            tokenIn: alpha,
            tokenOut: NATIVE,
            amount: '1000000000000000000',
            slippage: 100,
            trader: wallet.account.address,
          })
        ).body,
      ),
    ).toBe(maxUint256);
  });

  it('token to token over two hops (v2), received equals the quote', async () => {
    const wallet = await fundedWallet('BASE');
    const quote = await client.get<QuoteBody>('v2.quote', {
      chain: 'BASE',
      tokenIn: wallet.token('ALPHA'),
      tokenOut: wallet.token('BETA'),
      amount: '50%',
      slippage: 50,
      trader: wallet.account.address,
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    // No pool holds ALPHA and BETA together: every leg goes through a connector (one, or two where the other
    // files' trades left a longer path paying more).
    expect(quote.body.route!.length).toBeGreaterThan(0);
    for (const leg of quote.body.route!) expect(leg.hops.length, JSON.stringify(leg.hops)).toBeGreaterThanOrEqual(2);
    expect(quote.body.route!.reduce((sum, leg) => sum + leg.share, 0)).toBeCloseTo(100, 6);
    expect(quote.body.stats.amountIn).toBe('500000000000000000000');
    const before = await tokenBalance(wallet, wallet.token('BETA'));
    const executed = await client.post('v2.execute', {
      trade: await sign(wallet, quote.body.transaction.trade),
      approve: await sign(wallet, quote.body.transaction.approve),
      chain: 'BASE',
      mev: false,
      simulation: true,
      quoteId: quote.body.transaction.quoteId,
    });
    expect(executed.body, JSON.stringify(executed.body)).toMatchObject({ success: true, status: 'SUCCESS', parsedError: null });
    expect((await tokenBalance(wallet, wallet.token('BETA'))) - before).toBe(BigInt(quote.body.stats.amountOut!));
    // The last quote remembered 1000 ALPHA; half of it is sold now, so the next "50%" is of the 500 left.
    const again = await client.get<QuoteBody>('v2.quote', {
      chain: 'BASE',
      tokenIn: wallet.token('ALPHA'),
      tokenOut: wallet.token('BETA'),
      amount: '50%',
      slippage: 50,
      trader: wallet.account.address,
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.stats.amountIn).toBe('250000000000000000000');
  });

  it('100% of the native balance keeps back the gas, and the trade confirms', async () => {
    const wallet = await fundedWallet('BASE');
    const balance = await tokenBalance(wallet, NATIVE);
    const quote = await client.get<QuoteBody>('v2.quote', {
      chain: 'BASE',
      tokenIn: NATIVE,
      tokenOut: wallet.token('USDC'),
      amount: '100%',
      slippage: 100,
      trader: wallet.account.address,
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const amountIn = BigInt(quote.body.stats.amountIn!);
    expect(amountIn).toBeLessThan(balance);
    expect(amountIn).toBeGreaterThan((balance * 99n) / 100n);
    const executed = await client.post('v2.execute', {
      trade: await sign(wallet, quote.body.transaction.trade),
      chain: 'BASE',
      mev: false,
      simulation: true,
      quoteId: quote.body.transaction.quoteId,
    });
    expect(executed.body, JSON.stringify(executed.body)).toMatchObject({ success: true, status: 'SUCCESS' });
    expect(await tokenBalance(wallet, NATIVE)).toBeGreaterThan(0n);
  });

  it('a wallet that cannot pay the gas is refused before its approval is sent', async () => {
    const wallet = await fundedWallet('BASE');
    const quote = await client.get<QuoteBody>('v2.quote', {
      chain: 'BASE',
      tokenIn: wallet.token('ALPHA'),
      tokenOut: NATIVE,
      amount: '10000000000000000000',
      slippage: 100,
      trader: wallet.account.address,
    });
    const approve = await sign(wallet, quote.body.transaction.approve);
    const trade = await sign(wallet, quote.body.transaction.trade);
    await wallet.publicClient.request({ method: 'anvil_setBalance' as never, params: [wallet.account.address, '0x2386f26fc10'] as never });
    const nonce = await wallet.publicClient.getTransactionCount({ address: wallet.account.address });
    const refused = await client.post('v2.execute', { trade, approve, chain: 'BASE', mev: false, simulation: true, quoteId: quote.body.transaction.quoteId });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'INSUFFICIENT_FUNDS_FOR_GAS', status: 'FAILED', parsedError: 'INSUFFICIENT_FUNDS_FOR_GAS' });
    expect(await wallet.publicClient.getTransactionCount({ address: wallet.account.address })).toBe(nonce);
  });

  it('tax token buy and sell: the quote already includes the tax', async () => {
    const wallet = await fundedWallet('BASE');
    const tax = wallet.token('TAX');
    const buy = await client.get<QuoteBody>('v1.quote', {
      chain: 'BASE',
      token: tax,
      amount: '0.05',
      side: 'BUY',
      slippage: 100,
      trader: wallet.account.address,
    });
    expect(buy.body.stats.buyTax).toBeCloseTo(3, 1);
    const taxBefore = await tokenBalance(wallet, tax);
    const bought = await client.post('v1.execute', {
      trade: await sign(wallet, buy.body.transaction.trade),
      network: 'BASE',
      mev: false,
      simulation: true,
      quoteId: buy.body.transaction.quoteId,
    });
    expect(bought.body).toMatchObject({ success: true });
    expect((await tokenBalance(wallet, tax)) - taxBefore).toBe(BigInt(buy.body.stats.amountOut!));

    const sell = await client.get<QuoteBody>('v1.quote', {
      chain: 'BASE',
      token: tax,
      amount: '200000000000000000000',
      side: 'SELL',
      slippage: 100,
      trader: wallet.account.address,
    });
    expect(sell.body.stats.sellTax).toBeCloseTo(5, 1);
    const nativeBefore = await tokenBalance(wallet, NATIVE);
    const approve = await sign(wallet, sell.body.transaction.approve);
    const trade = await sign(wallet, sell.body.transaction.trade);
    const sold = await client.post('v1.execute', { trade, approve, network: 'BASE', mev: false, simulation: true, quoteId: sell.body.transaction.quoteId });
    expect(sold.body).toMatchObject({ success: true });
    const gas = await gasSpent(wallet, [...txHashOf(approve), ...txHashOf(trade)]);
    expect((await tokenBalance(wallet, NATIVE)) - nativeBefore + gas).toBe(BigInt(sell.body.stats.amountOut!));
  });

  it('a honeypot sell fails with TRANSFER_BLOCKED before anything is sent', async () => {
    const wallet = await fundedWallet('BASE');
    const nonce = await wallet.publicClient.getTransactionCount({ address: wallet.account.address });
    const quote = await client.get<QuoteBody>('v2.quote', {
      chain: 'BASE',
      tokenIn: wallet.token('HONEY'),
      tokenOut: NATIVE,
      amount: '1000000000000000000',
      slippage: 100,
      trader: wallet.account.address,
    });
    expect(quote.status).toBe(422);
    expect(quote.body).toMatchObject({ success: false, code: 'TRANSFER_BLOCKED', parsedError: 'TRANSFER_BLOCKED' });
    expect(await wallet.publicClient.getTransactionCount({ address: wallet.account.address })).toBe(nonce);
  });

  it('integrator and protocol fees arrive exactly (v2 80/20 on native in, v1 70/30 on native out)', async () => {
    const wallet = await fundedWallet('BASE');
    const router = wallet.entry.routerAddress as Address;
    const collector = await wallet.publicClient.readContract({ address: router, abi: routerAbi, functionName: 'feeCollector' });
    const integrator = privateKeyToAccount(generatePrivateKey()).address;

    const amountIn = 10n ** 17n;
    const v2 = await client.get<QuoteBody>('v2.quote', {
      chain: 'BASE',
      tokenIn: NATIVE,
      tokenOut: wallet.token('ALPHA'),
      amount: amountIn.toString(),
      slippage: 100,
      trader: wallet.account.address,
      integrator,
      fee: 100,
    });
    const collectorBefore = await tokenBalance(wallet, NATIVE, collector);
    const done = await client.post('v2.execute', {
      trade: await sign(wallet, v2.body.transaction.trade),
      chain: 'BASE',
      mev: false,
      simulation: true,
      quoteId: v2.body.transaction.quoteId,
    });
    expect(done.body).toMatchObject({ success: true });
    // fee 100 bps: integrator 80, protocol 10 + 20.
    expect(await tokenBalance(wallet, NATIVE, integrator)).toBe((amountIn * 80n) / 10_000n);
    expect((await tokenBalance(wallet, NATIVE, collector)) - collectorBefore).toBe((amountIn * 30n) / 10_000n);
    expect(v2.body.stats.integratorFee).toBe(((amountIn * 80n) / 10_000n).toString());

    const v1 = await client.get<QuoteBody>('v1.quote', {
      chain: 'BASE',
      token: wallet.token('ALPHA'),
      amount: '10000000000000000000',
      side: 'SELL',
      slippage: 100,
      trader: wallet.account.address,
      integrator,
      fee: 100,
    });
    const integratorBefore = await tokenBalance(wallet, NATIVE, integrator);
    const collectorBefore1 = await tokenBalance(wallet, NATIVE, collector);
    const sold = await client.post('v1.execute', {
      trade: await sign(wallet, v1.body.transaction.trade),
      approve: await sign(wallet, v1.body.transaction.approve),
      network: 'BASE',
      mev: false,
      simulation: true,
      quoteId: v1.body.transaction.quoteId,
    });
    expect(sold.body).toMatchObject({ success: true });
    const received = BigInt(v1.body.stats.amountOut!);
    const integratorGot = (await tokenBalance(wallet, NATIVE, integrator)) - integratorBefore;
    const protocolGot = (await tokenBalance(wallet, NATIVE, collector)) - collectorBefore1;
    const gross = received + integratorGot + protocolGot;
    // fee 100 bps: integrator 0.70 %, protocol 0.45 % of the native output, each rounded down.
    expect(integratorGot).toBe((gross * 70n) / 10_000n);
    expect(protocolGot).toBe((gross * 45n) / 10_000n);
  });

  it('refuses a tampered transaction (other to, value or data) with TX_MISMATCH', async () => {
    const wallet = await fundedWallet('BASE');
    const quote = await client.get<QuoteBody>('v2.quote', {
      chain: 'BASE',
      tokenIn: NATIVE,
      tokenOut: wallet.token('ALPHA'),
      amount: '1000000000000000',
      slippage: 100,
      trader: wallet.account.address,
    });
    const original = parseTransaction(quote.body.transaction.trade as Hex) as TransactionSerializableEIP1559;
    const variants: TransactionSerializableEIP1559[] = [
      { ...original, to: wallet.account.address },
      { ...original, value: (original.value ?? 0n) + 1n },
      { ...original, data: `${original.data}00` as Hex },
    ];
    for (const variant of variants) {
      const answer = await client.post('v2.execute', {
        trade: await wallet.account.signTransaction(variant),
        chain: 'BASE',
        mev: false,
        simulation: true,
        quoteId: quote.body.transaction.quoteId,
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, code: 'TX_MISMATCH', status: 'FAILED', parsedError: 'TX_MISMATCH' });
    }
    // Signed by someone else: refused too (with funds, see the next test).
    const stranger = privateKeyToAccount(generatePrivateKey());
    const foreign = await client.post('v2.execute', {
      trade: await stranger.signTransaction(original),
      chain: 'BASE',
      mev: false,
      simulation: true,
      quoteId: quote.body.transaction.quoteId,
    });
    expect(foreign.body).toMatchObject({ code: 'INVALID_SIGNATURE' });
  });

  it("refuses the quoted trade signed by a funded stranger at the trader's nonce with INVALID_SIGNATURE; nothing is sent", async () => {
    const wallet = await fundedWallet('BASE');
    const stranger = await fundedWallet('BASE');
    const nonceOf = (who: Wallet) => who.publicClient.getTransactionCount({ address: who.account.address, blockTag: 'pending' });
    const nonce = await nonceOf(wallet);
    const quote = await client.get<QuoteBody>('v2.quote', {
      chain: 'BASE',
      tokenIn: NATIVE,
      tokenOut: wallet.token('ALPHA'),
      amount: '1000000000000000',
      slippage: 100,
      trader: wallet.account.address,
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const original = parseTransaction(quote.body.transaction.trade as Hex) as TransactionSerializableEIP1559;
    // The stranger's copy is a valid transaction the node would mine: the stranger can pay for it and is at
    // the nonce it carries. Only the check of the signer keeps it from being sent.
    expect(original.nonce).toBe(nonce);
    expect(await nonceOf(stranger)).toBe(nonce);
    expect(await tokenBalance(stranger, NATIVE)).toBeGreaterThan((original.value ?? 0n) + original.gas! * original.maxFeePerGas!);
    const strangerBefore = [await tokenBalance(stranger, NATIVE), await tokenBalance(stranger, wallet.token('ALPHA'))];
    for (const simulation of [true, false]) {
      const refused = await client.post('v2.execute', {
        trade: await stranger.account.signTransaction(original),
        chain: 'BASE',
        mev: false,
        simulation,
        quoteId: quote.body.transaction.quoteId,
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ success: false, code: 'INVALID_SIGNATURE', status: 'FAILED', parsedError: 'INVALID_SIGNATURE', field: 'trade' });
    }
    expect(await nonceOf(stranger)).toBe(nonce);
    expect(await nonceOf(wallet)).toBe(nonce);
    expect([await tokenBalance(stranger, NATIVE), await tokenBalance(stranger, wallet.token('ALPHA'))]).toEqual(strangerBefore);
  });

  it('refuses the quoted trade signed for another chain id, and a quote id used on another chain; nothing is sent', async () => {
    const wallet = await fundedWallet('BASE');
    const nonce = await wallet.publicClient.getTransactionCount({ address: wallet.account.address });
    const quote = await client.get<QuoteBody>('v2.quote', {
      chain: 'BASE',
      tokenIn: NATIVE,
      tokenOut: wallet.token('ALPHA'),
      amount: '1000000000000000',
      slippage: 100,
      trader: wallet.account.address,
    });
    const original = parseTransaction(quote.body.transaction.trade as Hex) as TransactionSerializableEIP1559;
    const ethChainId = testManifest().chains.ETH!.chainId;
    expect(original.chainId).not.toBe(ethChainId);
    // The same payload signed for ETH's chain id: a signature a relay could replay there is not accepted here.
    const otherChainId = await client.post('v2.execute', {
      trade: await wallet.account.signTransaction({ ...original, chainId: ethChainId }),
      chain: 'BASE',
      mev: false,
      simulation: true,
      quoteId: quote.body.transaction.quoteId,
    });
    expect(otherChainId.status).toBe(400);
    expect(otherChainId.body).toMatchObject({ code: 'TX_MISMATCH', field: 'trade' });
    // BASE's quote id handed to ETH (v2 and v1), with the correctly signed trade.
    const trade = await sign(wallet, quote.body.transaction.trade);
    const v2OnEth = await client.post('v2.execute', { trade, chain: 'ETH', mev: false, simulation: true, quoteId: quote.body.transaction.quoteId });
    expect(v2OnEth.status).toBe(400);
    expect(v2OnEth.body).toMatchObject({ code: 'TX_MISMATCH', field: 'chain' });
    const v1OnEth = await client.post('v1.execute', { trade, network: 'ETH', mev: false, simulation: true, quoteId: quote.body.transaction.quoteId });
    expect(v1OnEth.status).toBe(400);
    expect(v1OnEth.body).toMatchObject({ code: 'TX_MISMATCH', field: 'network' });
    expect(await wallet.publicClient.getTransactionCount({ address: wallet.account.address })).toBe(nonce);
    const ethClient = createPublicClient({ transport: http(testManifest().chains.ETH!.rpcUrl) });
    expect(await ethClient.getTransactionCount({ address: wallet.account.address })).toBe(0);
  });

  it('an executed quote cannot be spent again with another transaction, nor its trade on another quote', async () => {
    const wallet = await fundedWallet('BASE');
    const quote = await client.get<QuoteBody>('v2.quote', {
      chain: 'BASE',
      tokenIn: NATIVE,
      tokenOut: wallet.token('BETA'),
      amount: '1000000000000000',
      slippage: 100,
      trader: wallet.account.address,
    });
    const trade = await sign(wallet, quote.body.transaction.trade);
    const first = await client.post('v2.execute', { trade, chain: 'BASE', mev: false, simulation: true, quoteId: quote.body.transaction.quoteId });
    expect(first.body, JSON.stringify(first.body)).toMatchObject({ success: true, status: 'SUCCESS' });
    const nonce = await wallet.publicClient.getTransactionCount({ address: wallet.account.address });
    // The same quote with the trade moved to the next nonce: not the quoted transaction.
    const original = parseTransaction(quote.body.transaction.trade as Hex) as TransactionSerializableEIP1559;
    const again = await client.post('v2.execute', {
      trade: await wallet.account.signTransaction({ ...original, nonce: nonce }),
      chain: 'BASE',
      mev: false,
      simulation: true,
      quoteId: quote.body.transaction.quoteId,
    });
    expect(again.body).toMatchObject({ success: false, code: 'TX_MISMATCH' });
    // The executed trade under a fresh quote of the same pair: its nonce is spent, so nothing is sent.
    const fresh = await client.get<QuoteBody>('v2.quote', {
      chain: 'BASE',
      tokenIn: NATIVE,
      tokenOut: wallet.token('BETA'),
      amount: '1000000000000000',
      slippage: 100,
      trader: wallet.account.address,
    });
    const replay = await client.post('v2.execute', { trade, chain: 'BASE', mev: false, simulation: true, quoteId: fresh.body.transaction.quoteId });
    expect(replay.body).toMatchObject({ success: false });
    expect(['TX_MISMATCH', 'NONCE_TOO_LOW']).toContain((replay.body as { code?: string }).code);
    expect(await wallet.publicClient.getTransactionCount({ address: wallet.account.address })).toBe(nonce);
  });

  it('refuses an expired quote and a quote id it did not issue', async () => {
    const wallet = await fundedWallet('BASE');
    const quote = await client.get<QuoteBody>('v2.quote', {
      chain: 'BASE',
      tokenIn: NATIVE,
      tokenOut: wallet.token('ALPHA'),
      amount: '1000000000000000',
      slippage: 100,
      trader: wallet.account.address,
    });
    const claims = quoteClaimsSchema.parse(JSON.parse(Buffer.from(quote.body.transaction.quoteId.split('.')[0]!, 'base64url').toString()));
    const expired = issueQuoteId((await client.services()).appSecret, { ...claims, exp: Date.now() - 1 });
    const trade = await sign(wallet, quote.body.transaction.trade);
    const late = await client.post('v2.execute', { trade, chain: 'BASE', mev: false, simulation: true, quoteId: expired });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'QUOTE_EXPIRED' });
    const forged = await client.post('v2.execute', {
      trade,
      chain: 'BASE',
      mev: false,
      simulation: true,
      quoteId: `${quote.body.transaction.quoteId.split('.')[0]}.AAAA`,
    });
    expect(forged.status).toBe(404);
    expect(forged.body).toMatchObject({ code: 'QUOTE_NOT_FOUND' });
  });

  it('a quote lives 30 s from issue: expiresAt is 30 s out, and its id is refused 30,001 ms after issue', async () => {
    const wallet = await fundedWallet('BASE');
    const askedAt = Date.now();
    const quote = await client.get<QuoteBody & { expiresAt: number }>('v2.quote', {
      chain: 'BASE',
      tokenIn: NATIVE,
      tokenOut: wallet.token('ALPHA'),
      amount: '1000000000000000',
      slippage: 100,
      trader: wallet.account.address,
    });
    const answeredAt = Date.now();
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    // Issued between the request and the answer.
    const { expiresAt } = quote.body;
    expect(expiresAt).toBeGreaterThanOrEqual(askedAt + 30_000);
    expect(expiresAt).toBeLessThanOrEqual(answeredAt + 30_000);
    const secret = (await client.services()).appSecret;
    const quoteId = quote.body.transaction.quoteId;
    expect(verifyQuoteId(secret, quoteId, askedAt + 29_999).exp).toBe(expiresAt);
    let late: unknown;
    try {
      verifyQuoteId(secret, quoteId, answeredAt + 30_001);
    } catch (error) {
      late = error;
    }
    expect(late).toMatchObject({ code: 'QUOTE_EXPIRED' });
  });

  it('re-executing returns the first result and broadcasts once', async () => {
    const wallet = await fundedWallet('BASE');
    const nonce = await wallet.publicClient.getTransactionCount({ address: wallet.account.address });
    const quote = await client.get<QuoteBody>('v2.quote', {
      chain: 'BASE',
      tokenIn: NATIVE,
      tokenOut: wallet.token('BETA'),
      amount: '1000000000000000',
      slippage: 100,
      trader: wallet.account.address,
    });
    const body = {
      trade: await sign(wallet, quote.body.transaction.trade),
      chain: 'BASE',
      mev: false,
      simulation: true,
      quoteId: quote.body.transaction.quoteId,
    };
    const [first, second] = await Promise.all([client.post('v2.execute', body), client.post('v2.execute', body)]);
    const third = await client.post('v2.execute', body);
    expect(first.body).toMatchObject({ success: true });
    expect(second.body).toEqual(first.body);
    expect(third.body).toEqual(first.body);
    expect(await wallet.publicClient.getTransactionCount({ address: wallet.account.address })).toBe(nonce + 1);
    const history = await client.get<{ trades: { txHash: string }[] }>('v2.history', { wallet: wallet.account.address });
    expect(history.body.trades.map((trade) => trade.txHash)).toEqual([(first.body.txRes as { txHash: string }).txHash]);
  });

  it('slippage exceeded (the pool moved after the quote): SLIPPAGE_EXCEEDED before broadcast, nothing lost', async () => {
    const wallet = await fundedWallet('BASE');
    const whale = await fundedWallet('BASE');
    const alpha = wallet.token('ALPHA');
    const quote = await client.get<QuoteBody>('v2.quote', {
      chain: 'BASE',
      tokenIn: NATIVE,
      tokenOut: alpha,
      amount: '100000000000000000',
      slippage: 10,
      trader: wallet.account.address,
    });
    const trade = await sign(wallet, quote.body.transaction.trade);
    // Someone else buys ALPHA in between on the same pools.
    const move = await client.get<QuoteBody>('v2.quote', {
      chain: 'BASE',
      tokenIn: NATIVE,
      tokenOut: alpha,
      amount: '5000000000000000000',
      slippage: 500,
      trader: whale.account.address,
    });
    expect(
      (
        await client.post('v2.execute', {
          trade: await sign(whale, move.body.transaction.trade),
          chain: 'BASE',
          mev: false,
          simulation: true,
          quoteId: move.body.transaction.quoteId,
        })
      ).body,
    ).toMatchObject({ success: true });

    const nonce = await wallet.publicClient.getTransactionCount({ address: wallet.account.address });
    const nativeBefore = await tokenBalance(wallet, NATIVE);
    const refused = await client.post('v2.execute', { trade, chain: 'BASE', mev: false, simulation: true, quoteId: quote.body.transaction.quoteId });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ success: false, code: 'SLIPPAGE_EXCEEDED', status: 'FAILED', parsedError: 'SLIPPAGE_EXCEEDED' });
    expect(await wallet.publicClient.getTransactionCount({ address: wallet.account.address })).toBe(nonce);
    expect(await tokenBalance(wallet, NATIVE)).toBe(nativeBefore);
    // A refusal leaves no trade behind (its row, written while the checks ran, is taken back).
    const history = () => client.get<{ trades: { txHash: string; status: string }[] }>('v2.history', { wallet: wallet.account.address });
    expect((await history()).body.trades).toEqual([]);

    // Without the pre-flight the chain itself refuses it: a FAILED outcome with the same code.
    const reverted = await client.post('v2.execute', { trade, chain: 'BASE', mev: false, simulation: false, quoteId: quote.body.transaction.quoteId });
    expect(reverted.status).toBe(200);
    expect(reverted.body).toMatchObject({ success: false, status: 'FAILED', parsedError: 'SLIPPAGE_EXCEEDED' });
    expect(await tokenBalance(wallet, alpha)).toBe(1000n * 10n ** 18n);
    expect((await history()).body.trades).toMatchObject([{ txHash: keccak256(trade!), status: 'FAILED' }]);
  });

  it('native out: slippage exceeded (the pools moved after the quote) is SLIPPAGE_EXCEEDED before broadcast, and reverts on chain without the pre-flight; the tokens stay', async () => {
    const wallet = await fundedWallet('BASE');
    const whale = await fundedWallet('BASE');
    const alpha = wallet.token('ALPHA');
    const sellAlpha = (who: Wallet, amount: string, slippage: number) =>
      client.get<QuoteBody>('v2.quote', {
        chain: 'BASE',
        tokenIn: alpha,
        tokenOut: NATIVE,
        amount,
        slippage,
        trader: who.account.address,
      });
    // 2 bps: the whale below moves the pools by several times that.
    const quote = await sellAlpha(wallet, '100000000000000000000', 2);
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const approve = await sign(wallet, quote.body.transaction.approve);
    const trade = await sign(wallet, quote.body.transaction.trade);
    // Someone else sells ALPHA for native in between on the same pools (the faucet's ALPHA twice over): ALPHA
    // now buys less native.
    expect((await client.post('dev.faucet', { chain: 'BASE', address: whale.account.address })).status).toBe(200);
    const move = await sellAlpha(whale, '100%', 500);
    expect(
      (
        await client.post('v2.execute', {
          trade: await sign(whale, move.body.transaction.trade),
          approve: await sign(whale, move.body.transaction.approve),
          chain: 'BASE',
          mev: false,
          simulation: true,
          quoteId: move.body.transaction.quoteId,
        })
      ).body,
    ).toMatchObject({ success: true });
    // The same sale now delivers less than the signed trade's minimum: the Router's native-out check must hold.
    const now = await sellAlpha(wallet, '100000000000000000000', 2);
    expect(BigInt(now.body.stats.amountOut!)).toBeLessThan(BigInt(quote.body.stats.amountOutMin!));

    const nonce = await wallet.publicClient.getTransactionCount({ address: wallet.account.address });
    const nativeBefore = await tokenBalance(wallet, NATIVE);
    const alphaBefore = await tokenBalance(wallet, alpha);
    const refused = await client.post('v2.execute', { trade, approve, chain: 'BASE', mev: false, simulation: true, quoteId: quote.body.transaction.quoteId });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ success: false, code: 'SLIPPAGE_EXCEEDED', status: 'FAILED', parsedError: 'SLIPPAGE_EXCEEDED' });
    expect(await wallet.publicClient.getTransactionCount({ address: wallet.account.address })).toBe(nonce);
    expect(await tokenBalance(wallet, NATIVE)).toBe(nativeBefore);

    // Without the pre-flight the approval is sent, then the chain refuses the trade: FAILED with the same code.
    const reverted = await client.post('v2.execute', { trade, approve, chain: 'BASE', mev: false, simulation: false, quoteId: quote.body.transaction.quoteId });
    expect(reverted.status).toBe(200);
    expect(reverted.body).toMatchObject({ success: false, status: 'FAILED', parsedError: 'SLIPPAGE_EXCEEDED' });
    const tradeReceipt = await wallet.publicClient.getTransactionReceipt({ hash: keccak256(trade!) });
    expect(tradeReceipt.status).toBe('reverted');
    expect(await tokenBalance(wallet, alpha)).toBe(alphaBefore);
    // Only the gas of the approval and of the reverted trade left the wallet.
    expect(await tokenBalance(wallet, NATIVE)).toBe(nativeBefore - (await gasSpent(wallet, [...txHashOf(approve), ...txHashOf(trade)])));
  });
});
