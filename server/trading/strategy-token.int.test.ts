/**
 * Strategy tokens (contracts/tokens/StrategyVault.sol): ERC-4626 shares of ALPHA that only permitted holders
 * may hold or move. A trader without the permit gets it quoted as v2 `extra` (nonce n, before the trade),
 * execute sends it first, and the trade delivers the quote; once permitted, no extra. v1 has no extra
 * field and says what to send. Deployed on INK by the test itself (its own vault and pool).
 */
import {
  createPublicClient, createWalletClient, encodeFunctionData, erc20Abi, http, keccak256, parseAbi, parseEther, parseTransaction,
  type Address, type Hex, type TransactionSerializableEIP1559,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileContracts } from '@/devnet/evm/compile';
import { testManifest } from '@/devnet/test-world';
import { useRestClient } from '@/server/rest/test-support/use-rest-client';

const NATIVE = '0x0000000000000000000000000000000000000000' as Address;
const CHAIN = 'INK';
const client = useRestClient();
const vaultAbi = parseAbi(['function permit()', 'function isPermitted(address) view returns (bool)', 'function deposit(uint256 assets, address receiver) returns (uint256)']);

interface QuoteBody {
  stats: { amountOut: string };
  transaction: { trade: Hex; approve: Hex | ''; extra: Hex | ''; quoteId: string };
  code?: string;
  error?: string;
}

const entry = () => testManifest().chains[CHAIN]!;
const publicClient = () => createPublicClient({ transport: http(entry().rpcUrl) });

async function fundedAccount(native: bigint): Promise<PrivateKeyAccount> {
  const account = privateKeyToAccount(generatePrivateKey());
  await publicClient().request({ method: 'anvil_setBalance', params: [account.address, `0x${native.toString(16)}`] } as never);
  return account;
}

function walletOf(account: PrivateKeyAccount) {
  const chain = { id: entry().chainId, name: CHAIN, nativeCurrency: { name: 'n', symbol: 'N', decimals: 18 }, rpcUrls: { default: { http: [entry().rpcUrl] } } };
  const wallet = createWalletClient({ account, transport: http(entry().rpcUrl), chain });
  return async (to: Address, data: Hex, value = 0n) => {
    const receipt = await publicClient().waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to, data, value, gas: 5_000_000n }) });
    expect(receipt.status).toBe('success');
  };
}

let vault: Address;

beforeAll(async () => {
  // The owner holds ALPHA (written into the token's balance slot), deposits it for shares, and seeds a
  // V2 pair of the shares against the wrapped native through Router02.
  const owner = await fundedAccount(parseEther('1000'));
  const alpha = entry().tokens.find((token) => token.symbol === 'ALPHA')!.address as Address;
  const slot = keccak256(`0x${owner.address.slice(2).toLowerCase().padStart(64, '0')}${'0'.padStart(64, '0')}`);
  await publicClient().request({ method: 'anvil_setStorageAt', params: [alpha, slot, `0x${(10n ** 24n).toString(16).padStart(64, '0')}`] } as never);
  const compiled = await compileContracts();
  const deployer = createWalletClient({ account: owner, transport: http(entry().rpcUrl), chain: { id: entry().chainId, name: CHAIN, nativeCurrency: { name: 'n', symbol: 'N', decimals: 18 }, rpcUrls: { default: { http: [entry().rpcUrl] } } } });
  const deployed = await publicClient().waitForTransactionReceipt({
    hash: await deployer.deployContract({
      abi: compiled.StrategyVault.abi, bytecode: compiled.StrategyVault.bytecode,
      args: [alpha, 'Strategy Alpha', 'sALPHA', entry().contracts.uniswapV2Factory, owner.address],
    }),
  });
  vault = deployed.contractAddress!;
  const send = walletOf(owner);
  const v2Router = entry().contracts.uniswapV2Router02 as Address;
  await send(vault, encodeFunctionData({ abi: vaultAbi, functionName: 'permit' }));
  await send(alpha, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [vault, 10n ** 24n] }));
  await send(vault, encodeFunctionData({ abi: vaultAbi, functionName: 'deposit', args: [10n ** 23n, owner.address] }));
  await send(vault, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [v2Router, 10n ** 24n] }));
  await send(v2Router, encodeFunctionData({
    abi: parseAbi(['function addLiquidityETH(address,uint256,uint256,uint256,address,uint256) payable returns (uint256,uint256,uint256)']),
    functionName: 'addLiquidityETH',
    args: [vault, 10n ** 23n, 0n, 0n, owner.address, 2n ** 40n],
  }), parseEther('50'));
}, 120_000);

async function execute(account: PrivateKeyAccount, quote: QuoteBody) {
  const sign = (hex: Hex | '') => (hex ? account.signTransaction(parseTransaction(hex) as TransactionSerializableEIP1559) : Promise.resolve(undefined));
  const [extra, approve, trade] = await Promise.all([sign(quote.transaction.extra), sign(quote.transaction.approve), sign(quote.transaction.trade)]);
  const executed = await client.post<{ success: boolean }>('v2.execute', { extra, approve, trade, chain: CHAIN, mev: false, simulation: true, quoteId: quote.transaction.quoteId });
  expect(executed.body, JSON.stringify(executed.body)).toMatchObject({ success: true, status: 'SUCCESS' });
  return [extra, approve, trade].filter((raw): raw is Hex => !!raw);
}

describe('strategy tokens', () => {
  it('a buy without the permit quotes it as extra first; execute sends it first; the trade delivers the quote', async () => {
    const trader = await fundedAccount(parseEther('10'));
    const nonce = await publicClient().getTransactionCount({ address: trader.address });
    const quote = await client.get<QuoteBody>('v2.quote', { chain: CHAIN, tokenIn: NATIVE, tokenOut: vault, amount: parseEther('0.5').toString(), slippage: 100, trader: trader.address });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const permit = parseTransaction(quote.body.transaction.extra as Hex) as TransactionSerializableEIP1559;
    expect(permit).toMatchObject({ nonce, data: encodeFunctionData({ abi: vaultAbi, functionName: 'permit' }) });
    expect(permit.to!.toLowerCase()).toBe(vault.toLowerCase());
    expect((parseTransaction(quote.body.transaction.trade) as TransactionSerializableEIP1559).nonce).toBe(nonce + 1);

    await execute(trader, quote.body);
    expect(await publicClient().readContract({ address: vault, abi: vaultAbi, functionName: 'isPermitted', args: [trader.address] })).toBe(true);
    expect(await publicClient().readContract({ address: vault, abi: erc20Abi, functionName: 'balanceOf', args: [trader.address] })).toBe(BigInt(quote.body.stats.amountOut));

    // Permitted now: the next quotes carry no extra, and a sale delivers its quote too.
    const again = await client.get<QuoteBody>('v2.quote', { chain: CHAIN, tokenIn: NATIVE, tokenOut: vault, amount: parseEther('0.1').toString(), slippage: 100, trader: trader.address });
    expect(again.body.transaction.extra).toBe('');
    const shares = BigInt(quote.body.stats.amountOut) / 2n;
    const sale = await client.get<QuoteBody>('v2.quote', { chain: CHAIN, tokenIn: vault, tokenOut: NATIVE, amount: shares.toString(), slippage: 100, trader: trader.address });
    expect(sale.status, JSON.stringify(sale.body)).toBe(200);
    expect(sale.body.transaction.extra).toBe('');
    const before = await publicClient().getBalance({ address: trader.address });
    const sent = await execute(trader, sale.body);
    let gas = 0n;
    for (const raw of sent) {
      const receipt = await publicClient().getTransactionReceipt({ hash: keccak256(raw) });
      gas += receipt.gasUsed * receipt.effectiveGasPrice;
    }
    expect(await publicClient().getBalance({ address: trader.address }) - before + gas).toBe(BigInt(sale.body.stats.amountOut));
  });

  it('v1, which has no extra field, says which transaction to send first', async () => {
    const trader = await fundedAccount(parseEther('10'));
    const answer = await client.get<QuoteBody>('v1.quote', { chain: CHAIN, token: vault, amount: '0.1', side: 'BUY', slippage: 100, trader: trader.address });
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('APPROVAL_REQUIRED');
    expect(answer.body.error).toContain(`permit() to ${vault.toLowerCase()}`);
  });
});
