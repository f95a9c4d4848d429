/**
 * The wallet-broadcast path (track), trade history, and chain auto-detection of the v1 quote, over REST on
 * the local world.
 */
import { createPublicClient, createWalletClient, erc20Abi, http, parseTransaction, type Address, type Hex, type TransactionSerializableEIP1559 } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { compileContracts } from '@/devnet/evm/compile';
import { testManifest } from '@/devnet/test-world';
import { useRestClient } from '@/server/rest/test-support/use-rest-client';
import { receiptOf } from '@/devnet/evm/receipt';

const NATIVE = '0x0000000000000000000000000000000000000000' as Address;
const client = useRestClient();

async function wallet(chain: 'BASE' | 'ETH') {
  const entry = testManifest().chains[chain]!;
  const account = privateKeyToAccount(generatePrivateKey());
  expect((await client.post('dev.faucet', { chain, address: account.address })).status).toBe(200);
  const transport = http(entry.rpcUrl);
  const localChain = {
    id: entry.chainId,
    name: chain,
    nativeCurrency: { name: 'n', symbol: 'N', decimals: 18 },
    rpcUrls: { default: { http: [entry.rpcUrl] } },
  };
  return {
    entry,
    account,
    publicClient: createPublicClient({ transport }),
    walletClient: createWalletClient({ account, transport, chain: localChain }),
    token: (symbol: string) => entry.tokens.find((token) => token.symbol === symbol)!.address as Address,
  };
}

interface QuoteBody {
  stats: { amountOut: string };
  transaction: { trade: Hex; approve: Hex | ''; quoteId: string };
}

describe('track: trades the wallet broadcast itself', () => {
  it('reports a wallet-sent trade like execute, and records it in the history', async () => {
    const trader = await wallet('BASE');
    const beta = trader.token('BETA');
    const quote = await client.get<QuoteBody>('v2.quote', {
      chain: 'BASE',
      tokenIn: NATIVE,
      tokenOut: beta,
      amount: '2000000000000000',
      slippage: 100,
      trader: trader.account.address,
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    // Like MetaMask: eth_sendTransaction with the quoted call, the wallet choosing its own gas fields.
    const quoted = parseTransaction(quote.body.transaction.trade) as TransactionSerializableEIP1559;
    const before = await trader.publicClient.readContract({ address: beta, abi: erc20Abi, functionName: 'balanceOf', args: [trader.account.address] });
    const hash = await trader.walletClient.sendTransaction({ to: quoted.to!, data: quoted.data, value: quoted.value, gas: quoted.gas! + 10_000n });
    const tracked = await client.post<{ success: boolean; status: string; txRes: { txHash: string; received: string; explorerUrl: string } }>('v2.track', {
      chain: 'BASE',
      txHash: hash,
      quoteId: quote.body.transaction.quoteId,
    });
    expect(tracked.status, JSON.stringify(tracked.body)).toBe(200);
    expect(tracked.body).toMatchObject({ success: true, status: 'SUCCESS', parsedError: null });
    expect(tracked.body.txRes.txHash).toBe(hash);
    expect(tracked.body.txRes.explorerUrl).toBe(`/tx/BASE/${hash}`);
    const after = await trader.publicClient.readContract({ address: beta, abi: erc20Abi, functionName: 'balanceOf', args: [trader.account.address] });
    expect(after - before).toBe(BigInt(quote.body.stats.amountOut));

    const again = await client.post('v2.track', { chain: 'BASE', txHash: hash, quoteId: quote.body.transaction.quoteId });
    expect(again.body).toEqual(tracked.body);

    const history = await client.get<{ trades: Record<string, unknown>[] }>('v2.history', { wallet: trader.account.address, chain: 'BASE' });
    expect(history.status).toBe(200);
    expect(history.body.trades).toHaveLength(1);
    expect(history.body.trades[0]).toMatchObject({
      chain: 'BASE',
      version: 'v2',
      status: 'SUCCESS',
      txHash: hash.toLowerCase(),
      tokenIn: NATIVE,
      tokenOut: beta,
      amountIn: '2000000000000000',
      amountOut: quote.body.stats.amountOut,
    });
  });

  it('refuses a transaction that is not the quoted trade', async () => {
    const trader = await wallet('BASE');
    const quote = await client.get<QuoteBody>('v2.quote', {
      chain: 'BASE',
      tokenIn: NATIVE,
      tokenOut: trader.token('ALPHA'),
      amount: '1000000000000000',
      slippage: 100,
      trader: trader.account.address,
    });
    const other = await trader.walletClient.sendTransaction({ to: trader.account.address, value: 1n });
    const answer = await client.post('v2.track', { chain: 'BASE', txHash: other, quoteId: quote.body.transaction.quoteId });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'TX_MISMATCH', field: 'txHash' });
  });
});

describe('v1 quote chain auto-detection', () => {
  it('asks for the chain when a token trades on several chains alike, naming them', async () => {
    // BETA: the same pools on every chain (ALPHA also has PancakeSwap pools on BSC, which makes BSC its chain).
    const beta = testManifest().chains.BASE!.tokens.find((token) => token.symbol === 'BETA')!.address;
    const trader = privateKeyToAccount(generatePrivateKey()).address;
    const answer = await client.get<{ code: string; field: string; error: string }>('v1.quote', {
      token: beta,
      amount: '0.01',
      side: 'BUY',
      slippage: 100,
      trader,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'INVALID_INPUT', field: 'chain' });
    for (const chain of ['BASE', 'ETH', 'BSC', 'UNI']) expect(answer.body.error).toContain(chain);
    // The search is every endpoint's (server/tokens/detect-chain.ts): chains v1 quote does not serve are named
    // too, and token-audit refuses the token in the same words.
    expect(answer.body.error).toContain('MONAD');
    const audit = await client.get<{ error: string }>('v1.tokenAudit', { token: beta });
    expect(audit.body.error).toBe(answer.body.error);
  });

  it('finds the one chain where the token exists', async () => {
    const deployer = await wallet('ETH');
    const compiled = await compileContracts();
    const hash = await deployer.walletClient.deployContract({
      abi: compiled.TestToken.abi,
      bytecode: compiled.TestToken.bytecode,
      args: ['Only On Eth', 'ONLY', 18, 10n ** 24n, deployer.account.address],
    });
    const receipt = await receiptOf(deployer.publicClient, hash);
    const token = receipt.contractAddress!;
    // No pool: the chain is found (the quote then has no route there).
    const answer = await client.get<{ code: string; error: string }>('v1.quote', {
      token,
      amount: '0.01',
      side: 'BUY',
      slippage: 100,
      trader: deployer.account.address,
    });
    expect(answer.body.code, answer.body.error).toBe('NO_ROUTE');
  });

  it('names the field when no chain has the token', async () => {
    const trader = privateKeyToAccount(generatePrivateKey()).address;
    const answer = await client.get('v1.quote', {
      token: privateKeyToAccount(generatePrivateKey()).address,
      amount: '0.01',
      side: 'BUY',
      slippage: 100,
      trader,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'INVALID_INPUT', field: 'token' });
  });
});
