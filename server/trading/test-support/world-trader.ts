/**
 * A trader on the local world for end-to-end trade tests through the REST API: a fresh funded account, its
 * v2 quotes, and the execution of a quote with what it delivered.
 */
import {
  createPublicClient,
  encodeAbiParameters,
  erc20Abi,
  http,
  keccak256,
  numberToHex,
  parseTransaction,
  type Address,
  type Hex,
  type PublicClient,
  type TransactionSerializableEIP1559,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { expect } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import type { ManifestChain } from '@/server/chains/devnet-manifest';
import type { EvmChainId } from '@/server/chains/registry';
import type { RestClient } from '@/server/rest/test-support/rest-client';

export const NATIVE = '0x0000000000000000000000000000000000000000' as Address;

export interface Trader {
  account: PrivateKeyAccount;
  chain: ManifestChain;
  publicClient: PublicClient;
  token(symbol: string): Address;
}

export interface Hop {
  venue: string;
  pool: string;
  tokenIn: string;
  tokenOut: string;
  fee: number;
}
export interface QuoteBody {
  stats: { amountIn: string; amountOut: string; protocolFee: string };
  route: { share: number; hops: Hop[] }[];
  transaction: { trade: string; approve: string; quoteId: string };
}

/** The trades of the world's traders through `client` (the file's REST client: `useRestClient()`). */
export function worldTrading(client: RestClient) {
  return {
    trader: (chain: EvmChainId, native: bigint) => trader(client, chain, native),
    quote: quote.bind(undefined, client),
    executeAndReceive: executeAndReceive.bind(undefined, client),
  };
}

/** A fresh trader on `chain` holding `native` of the native coin (set on the node) and the faucet's tokens. */
async function trader(client: RestClient, chain: EvmChainId, native: bigint): Promise<Trader> {
  const entry = testManifest().chains[chain]!;
  const account = privateKeyToAccount(generatePrivateKey());
  const funded = await client.post('dev.faucet', { chain, address: account.address });
  expect(funded.status, JSON.stringify(funded.body)).toBe(200);
  const publicClient = createPublicClient({ transport: http(entry.rpcUrl) });
  await publicClient.request({ method: 'anvil_setBalance', params: [account.address, numberToHex(native)] } as never);
  return { account, chain: entry, publicClient, token: (symbol) => entry.tokens.find((token) => token.symbol === symbol)!.address as Address };
}

/** Writes `amount` into the trader's balance of an OpenZeppelin ERC-20 of the world (balances at slot 0). */
export async function give(who: Trader, token: Address, amount: bigint): Promise<void> {
  const slot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [who.account.address, 0n]));
  await who.publicClient.request({ method: 'anvil_setStorageAt', params: [token, slot, numberToHex(amount, { size: 32 })] } as never);
}

async function quote(client: RestClient, who: Trader, chain: EvmChainId, tokenIn: Address, tokenOut: Address, amount: bigint): Promise<QuoteBody> {
  const answer = await client.get<QuoteBody>('v2.quote', {
    chain,
    tokenIn,
    tokenOut,
    amount: amount.toString(),
    slippage: 100,
    trader: who.account.address,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

export async function sign(who: Trader, unsigned: string): Promise<Hex | undefined> {
  if (!unsigned) return undefined;
  return who.account.signTransaction(parseTransaction(unsigned as Hex) as TransactionSerializableEIP1559);
}

export async function balance(who: Trader, token: Address): Promise<bigint> {
  if (token === NATIVE) return who.publicClient.getBalance({ address: who.account.address });
  return who.publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who.account.address] });
}

/** Executes the quote and returns what tokenOut the trader received (native: before gas, from the receipt). */
async function executeAndReceive(client: RestClient, who: Trader, chain: EvmChainId, body: QuoteBody, tokenOut: Address): Promise<bigint> {
  const before = await balance(who, tokenOut);
  const approve = await sign(who, body.transaction.approve);
  const executed = await client.post<{ success: boolean; status: string; txRes: { txHash: string } }>('v2.execute', {
    trade: await sign(who, body.transaction.trade),
    approve,
    chain,
    mev: false,
    simulation: true,
    quoteId: body.transaction.quoteId,
  });
  expect(executed.body, JSON.stringify(executed.body)).toMatchObject({ success: true, status: 'SUCCESS' });
  const after = await balance(who, tokenOut);
  if (tokenOut !== NATIVE) return after - before;
  let gas = 0n;
  for (const hash of [executed.body.txRes.txHash as Hex, ...(approve ? [keccak256(approve)] : [])]) {
    const receipt = await who.publicClient.getTransactionReceipt({ hash });
    gas += receipt.gasUsed * receipt.effectiveGasPrice;
  }
  return after - before + gas;
}
