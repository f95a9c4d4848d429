/**
 * Strategy tokens (contracts/tokens/StrategyVault.sol): ERC-4626 shares of ALPHA that only permitted holders
 * may hold or move. A trader without the permit gets it quoted as v2 `extra` (nonce n, before the trade),
 * execute sends it first, and the trade delivers the quote; once permitted, no extra. v1 has no extra
 * field and says what to send. The world's own strategy token (STRAT, with its V2 pair, on every EVM chain),
 * traded here on INK; the known-token list offers it as it offers the launchpad tokens.
 */
import {
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  getAddress,
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
import { beforeAll, describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import { useRestClient } from '@/server/rest/test-support/use-rest-client';

const NATIVE = '0x0000000000000000000000000000000000000000' as Address;
const CHAIN = 'INK';
const client = useRestClient();
const vaultAbi = parseAbi(['function permit()', 'function isPermitted(address) view returns (bool)']);

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

/** The world's strategy token (devnet/evm/strategy-token.ts), listed in the manifest as launchpad tokens are. */
const strategyToken = () => entry().tokens.find((token) => token.kind === 'strategy')!;
let vault: Address;

beforeAll(() => {
  vault = strategyToken().address as Address;
});

async function execute(account: PrivateKeyAccount, quote: QuoteBody) {
  const sign = (hex: Hex | '') => (hex ? account.signTransaction(parseTransaction(hex) as TransactionSerializableEIP1559) : Promise.resolve(undefined));
  const [extra, approve, trade] = await Promise.all([sign(quote.transaction.extra), sign(quote.transaction.approve), sign(quote.transaction.trade)]);
  const executed = await client.post<{ success: boolean }>('v2.execute', {
    extra,
    approve,
    trade,
    chain: CHAIN,
    mev: false,
    simulation: true,
    quoteId: quote.transaction.quoteId,
  });
  expect(executed.body, JSON.stringify(executed.body)).toMatchObject({ success: true, status: 'SUCCESS' });
  return [extra, approve, trade].filter((raw): raw is Hex => !!raw);
}

describe('strategy tokens', () => {
  it('the world lists its strategy token on every EVM chain, and the known-token list offers it', async () => {
    const { knownTokens } = await import('@/server/tokens/known-tokens');
    const services = await client.services();
    for (const [chain, world] of Object.entries(testManifest().chains)) {
      if (chain === 'SOL') continue;
      const listed = world.tokens.find((token) => token.kind === 'strategy');
      expect(listed, chain).toMatchObject({ symbol: 'STRAT', decimals: 18, address: vault });
      expect(
        knownTokens(services.localWorld, chain as never).map((token) => token.address),
        chain,
      ).toContain(vault);
    }
  });

  it('a buy without the permit quotes it as extra first; execute sends it first; the trade delivers the quote', async () => {
    const trader = await fundedAccount(parseEther('10'));
    const nonce = await publicClient().getTransactionCount({ address: trader.address });
    const quote = await client.get<QuoteBody>('v2.quote', {
      chain: CHAIN,
      tokenIn: NATIVE,
      tokenOut: vault,
      amount: parseEther('0.5').toString(),
      slippage: 100,
      trader: trader.address,
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const permit = parseTransaction(quote.body.transaction.extra as Hex) as TransactionSerializableEIP1559;
    expect(permit).toMatchObject({ nonce, data: encodeFunctionData({ abi: vaultAbi, functionName: 'permit' }) });
    expect(permit.to!.toLowerCase()).toBe(vault.toLowerCase());
    expect((parseTransaction(quote.body.transaction.trade) as TransactionSerializableEIP1559).nonce).toBe(nonce + 1);

    await execute(trader, quote.body);
    expect(await publicClient().readContract({ address: vault, abi: vaultAbi, functionName: 'isPermitted', args: [trader.address] })).toBe(true);
    expect(await publicClient().readContract({ address: vault, abi: erc20Abi, functionName: 'balanceOf', args: [trader.address] })).toBe(
      BigInt(quote.body.stats.amountOut),
    );

    // Permitted now: the next quotes carry no extra, and a sale delivers its quote too.
    const again = await client.get<QuoteBody>('v2.quote', {
      chain: CHAIN,
      tokenIn: NATIVE,
      tokenOut: vault,
      amount: parseEther('0.1').toString(),
      slippage: 100,
      trader: trader.address,
    });
    expect(again.body.transaction.extra).toBe('');
    const shares = BigInt(quote.body.stats.amountOut) / 2n;
    const sale = await client.get<QuoteBody>('v2.quote', {
      chain: CHAIN,
      tokenIn: vault,
      tokenOut: NATIVE,
      amount: shares.toString(),
      slippage: 100,
      trader: trader.address,
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(200);
    expect(sale.body.transaction.extra).toBe('');
    const before = await publicClient().getBalance({ address: trader.address });
    const sent = await execute(trader, sale.body);
    let gas = 0n;
    for (const raw of sent) {
      const receipt = await publicClient().getTransactionReceipt({ hash: keccak256(raw) });
      gas += receipt.gasUsed * receipt.effectiveGasPrice;
    }
    expect((await publicClient().getBalance({ address: trader.address })) - before + gas).toBe(BigInt(sale.body.stats.amountOut));
  });

  it('v1, which has no extra field, says which transaction to send first', async () => {
    const trader = await fundedAccount(parseEther('10'));
    const answer = await client.get<QuoteBody>('v1.quote', { chain: CHAIN, token: vault, amount: '0.1', side: 'BUY', slippage: 100, trader: trader.address });
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('APPROVAL_REQUIRED');
    expect(answer.body.error).toContain(`permit() to ${getAddress(vault)}`);
  });
});
