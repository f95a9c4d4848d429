/**
 * USDT-style tokens: an allowance below max that is not 0 cannot be raised to max directly. The v2 quote
 * sends the reset to 0 as `extra` (nonce n), then the approval (n+1) and the trade (n+2); v1, which has no
 * extra transaction, says what to do.
 */
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  http,
  keccak256,
  parseAbi,
  parseTransaction,
  type Address,
  type Hex,
  type TransactionSerializableEIP1559,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect, it } from 'vitest';
import { compileContracts } from '@/devnet/evm/compile';
import { testManifest } from '@/devnet/test-world';
import { useRestClient } from '@/server/rest/test-support/use-rest-client';
import { receiptOf } from '@/devnet/evm/receipt';

const NATIVE = '0x0000000000000000000000000000000000000000' as Address;
const client = useRestClient();

interface QuoteBody {
  stats: { amountOut: string };
  transaction: { trade: Hex; approve: Hex | ''; extra: Hex | ''; quoteId: string };
}

it('resets a USDT-style allowance before approving, and the sale delivers the quote', async () => {
  const entry = testManifest().chains.BASE!;
  const account = privateKeyToAccount(generatePrivateKey());
  expect((await client.post('dev.faucet', { chain: 'BASE', address: account.address })).status).toBe(200);
  const transport = http(entry.rpcUrl);
  const chain = { id: entry.chainId, name: 'BASE', nativeCurrency: { name: 'n', symbol: 'N', decimals: 18 }, rpcUrls: { default: { http: [entry.rpcUrl] } } };
  const publicClient = createPublicClient({ transport });
  const walletClient = createWalletClient({ account, transport, chain });
  const send = async (to: Address, data: Hex, value = 0n) => {
    const receipt = await receiptOf(publicClient, await walletClient.sendTransaction({ to, data, value, gas: 5_000_000n }));
    expect(receipt.status).toBe('success');
  };

  // A USDT-style token with a V2 pool against the wrapped native token.
  const compiled = await compileContracts();
  const deployed = await receiptOf(
    publicClient,
    await walletClient.deployContract({
      abi: compiled.ResetApprovalToken.abi,
      bytecode: compiled.ResetApprovalToken.bytecode,
      args: [10n ** 27n, account.address],
    }),
  );
  const token = deployed.contractAddress!;
  const v2Router = entry.contracts.uniswapV2Router02 as Address;
  await send(token, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [v2Router, 10n ** 27n] }));
  await send(
    v2Router,
    encodeFunctionData({
      abi: parseAbi(['function addLiquidityETH(address,uint256,uint256,uint256,address,uint256) payable returns (uint256,uint256,uint256)']),
      functionName: 'addLiquidityETH',
      args: [token, 10n ** 24n, 0n, 0n, account.address, 2n ** 40n],
    }),
    5n * 10n ** 18n,
  );
  // A partial allowance to our Router, as left by an earlier finite approval.
  const router = entry.routerAddress as Address;
  await send(token, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [router, 1n] }));

  const v1 = await client.get<{ code: string; error: string }>('v1.quote', {
    chain: 'BASE',
    token,
    amount: '1000000000000000000000',
    side: 'SELL',
    slippage: 100,
    trader: account.address,
  });
  expect(v1.status).toBe(422);
  expect(v1.body.code).toBe('APPROVAL_REQUIRED');
  expect(v1.body.error).toContain(`approve(${router}, 0)`);

  const nonce = await publicClient.getTransactionCount({ address: account.address });
  const quote = await client.get<QuoteBody>('v2.quote', {
    chain: 'BASE',
    tokenIn: token,
    tokenOut: NATIVE,
    amount: '1000000000000000000000',
    slippage: 100,
    trader: account.address,
  });
  expect(quote.status, JSON.stringify(quote.body)).toBe(200);
  const [reset, approve, trade] = [quote.body.transaction.extra, quote.body.transaction.approve, quote.body.transaction.trade].map(
    (hex) => parseTransaction(hex as Hex) as TransactionSerializableEIP1559,
  );
  expect([reset!.nonce, approve!.nonce, trade!.nonce]).toEqual([nonce, nonce + 1, nonce + 2]);
  expect(reset!.data).toBe(encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [router, 0n] }));

  const signed = await Promise.all([reset!, approve!, trade!].map((tx) => account.signTransaction(tx)));
  const before = await publicClient.getBalance({ address: account.address });
  const executed = await client.post('v2.execute', {
    extra: signed[0],
    approve: signed[1],
    trade: signed[2],
    chain: 'BASE',
    mev: false,
    simulation: true,
    quoteId: quote.body.transaction.quoteId,
  });
  const receipts = await Promise.all(
    signed.map((raw) =>
      publicClient
        .getTransactionReceipt({ hash: keccak256(raw) })
        .then((r) => `${r.status}:${r.gasUsed}`)
        .catch(() => 'none'),
    ),
  );
  const gasLimits = [reset!, approve!, trade!].map((tx) => String(tx.gas));
  expect(executed.body, JSON.stringify({ body: executed.body, receipts, gasLimits })).toMatchObject({ success: true, status: 'SUCCESS' });
  let gas = 0n;
  for (const raw of signed) {
    const receipt = await publicClient.getTransactionReceipt({ hash: keccak256(raw) });
    gas += receipt.gasUsed * receipt.effectiveGasPrice;
  }
  expect((await publicClient.getBalance({ address: account.address })) - before + gas).toBe(BigInt(quote.body.stats.amountOut));
});
