/**
 * The local chain world writes a manifest of its nodes, contracts, tokens and funded accounts. The app
 * reads it when no RPC is configured in the environment; `GET /api/dev/devnet` serves it.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { CHAIN_IDS } from './registry';

export const TOKEN_KINDS = ['native-wrapped', 'stable', 'plain', 'tax', 'honeypot', 'launchpad', 'strategy'] as const;

export const manifestToken = z.object({
  symbol: z.string(),
  name: z.string(),
  address: z.string(),
  decimals: z.number().int(),
  kind: z.enum(TOKEN_KINDS),
});

export const manifestAccount = z.object({
  address: z.string(),
  /** EVM: 0x hex private key. */
  privateKey: z.string().optional(),
  /** Solana: base58 of the 64-byte secret key. */
  secretKey: z.string().optional(),
});

export const manifestPool = z.object({
  venue: z.string(),
  address: z.string(),
  token0: z.string(),
  token1: z.string(),
  fee: z.number(),
  /** Uniswap V4: the pool id (keccak256 of the abi-encoded PoolKey); `address` is then the PoolManager. */
  id: z.string().optional(),
  /** Concentrated-liquidity pools: the tick spacing. */
  tickSpacing: z.number().optional(),
});

export const manifestChain = z.looseObject({
  chainId: z.number(),
  rpcUrl: z.string(),
  wsUrl: z.string().optional(),
  routerAddress: z.string().default(''),
  wrappedNative: z.string(),
  contracts: z.record(z.string(), z.string()).default({}),
  tokens: z.array(manifestToken).default([]),
  pools: z.array(manifestPool).default([]),
  accounts: z.array(manifestAccount).default([]),
  /** Holds the world's token supply; the faucet pays from it. */
  treasury: manifestAccount.optional(),
  /** The bridge solver: receives deposits (through `contracts.depository` on EVM), pays fills and refunds. */
  solver: manifestAccount.optional(),
});

export const devnetManifestSchema = z.object({
  version: z.string(),
  createdAt: z.string(),
  chains: z.partialRecord(z.enum(CHAIN_IDS), manifestChain),
});

export type DevnetManifest = z.infer<typeof devnetManifestSchema>;
export type ManifestChain = z.infer<typeof manifestChain>;

/** Undefined when there is no manifest (no local world started); throws when one exists but is malformed. */
export function readDevnetManifest(path: string): DevnetManifest | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  return devnetManifestSchema.parse(JSON.parse(text));
}
