/**
 * Test funds on the local chain world: native coin plus some of every world token, so a person with a
 * browser wallet (or a test) can trade at once. Amounts are per token kind.
 */
import { CHAINS, isEvmChain, NATIVE_TOKEN_ADDRESS, type ChainId } from '@/server/chains/registry';
import type { ManifestChain } from '@/server/chains/devnet-manifest';
import { fundEvmAddress } from './evm-faucet';
import type { FaucetPlan } from './faucet-plan';
import { requireWorldChain, type LocalWorld } from './local-world';
import { fundSolanaAddress } from './solana-faucet';

/** Whole tokens sent per kind; the wrapped native is left out (wrap some native instead). */
export const FAUCET_WHOLE_UNITS: Record<string, bigint> = {
  native: 10n,
  stable: 10_000n,
  plain: 1_000n,
  tax: 1_000n,
  honeypot: 1_000n,
};

export interface FundedToken {
  symbol: string;
  address: string;
  amount: bigint;
  decimals: number;
  /** The transaction that delivered it (EVM hash, Solana signature). */
  txHash: string;
}

export function faucetPlan(chain: ChainId, entry: ManifestChain): FaucetPlan {
  return {
    native: FAUCET_WHOLE_UNITS.native! * 10n ** BigInt(CHAINS[chain].nativeDecimals),
    tokens: entry.tokens
      .filter((token) => FAUCET_WHOLE_UNITS[token.kind] !== undefined)
      .map((token) => ({ ...token, amount: FAUCET_WHOLE_UNITS[token.kind]! * 10n ** BigInt(token.decimals) })),
  };
}

export async function sendTestFunds(world: LocalWorld, input: { chain: ChainId; address: string }) {
  const entry = requireWorldChain(world, input.chain);
  const plan = faucetPlan(input.chain, entry);
  const { chain } = input;
  const pay = () => (isEvmChain(chain) ? fundEvmAddress(chain, entry, input.address as `0x${string}`, plan) : fundSolanaAddress(entry, input.address, plan));
  const transactions = await (world.faucetQueue ? world.faucetQueue.serialized(chain, pay) : pay());
  const { nativeSymbol, nativeDecimals } = CHAINS[input.chain];
  const funded: FundedToken[] = [
    { symbol: nativeSymbol, address: NATIVE_TOKEN_ADDRESS, amount: plan.native, decimals: nativeDecimals, txHash: transactions.native },
    ...plan.tokens.map((token) => ({
      symbol: token.symbol,
      address: token.address,
      amount: token.amount,
      decimals: token.decimals,
      txHash: transactions.tokens[token.address]!,
    })),
  ];
  return {
    success: true as const,
    chain: input.chain,
    address: input.address,
    funded: funded.map((token) => ({ ...token, amount: token.amount.toString() })),
  };
}
