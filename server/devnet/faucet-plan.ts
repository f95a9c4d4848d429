/**
 * What the faucet pays and what paid it: shared by the faucet (faucet.ts), which plans, and each family's
 * payer (evm-faucet.ts, solana-faucet.ts), which pays, without either importing the other back.
 */

/** The transaction of each payment: the native coin's, and each token's by its address. */
export interface FaucetTransactions {
  native: string;
  tokens: Record<string, string>;
}

export interface FaucetPlan {
  native: bigint;
  tokens: { address: string; symbol: string; decimals: number; amount: bigint }[];
}
