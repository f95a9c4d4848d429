/**
 * The deterministic Solana world seeded into a local node: three SPL mints, a mint authority, a
 * market-maker wallet with a large inventory and funded test accounts. Every key is derived from a
 * fixed seed string, so addresses are identical at every start and can be written into manifests,
 * docs and tests.
 */
import { createHash } from 'node:crypto';
import { ComputeBudgetProgram, Keypair, PublicKey, SystemProgram, Transaction, type TransactionInstruction } from '@solana/web3.js';
import {
  MINT_SIZE,
  TOKEN_PROGRAM_ID,
  createAssociatedTokenAccountIdempotentInstruction,
  createInitializeMint2Instruction,
  createMintToCheckedInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import { getBase58Decoder, getBase58Encoder, type Address } from '@solana/kit';
import type { SolanaNode } from './solana-node';

export type SolanaTokenKind = 'stable' | 'plain';

export interface SolanaWorldToken {
  symbol: string;
  name: string;
  address: string;
  decimals: number;
  kind: SolanaTokenKind;
}

export interface SolanaWorldKey {
  address: string;
  /** base58 of the 64-byte secret key (the format Phantom/Solflare import). */
  secretKey: string;
}

export interface SolanaWorld {
  tokens: SolanaWorldToken[];
  maker: SolanaWorldKey;
  /** Receives the protocol's trading fees: funded and holding a token account of every mint. */
  feeCollector: SolanaWorldKey;
  mintAuthority: SolanaWorldKey;
  /** The bridge solver: deposits are transfers to it (with a memo); it pays fills and refunds. */
  solver: SolanaWorldKey;
  accounts: SolanaWorldKey[];
}

export interface SeedSolanaWorldOptions {
  /** Funded test accounts; default 10. */
  accounts?: number;
}

interface TokenSpec {
  symbol: string;
  name: string;
  decimals: number;
  kind: SolanaTokenKind;
  /** Whole tokens for the maker's inventory and for each test account. */
  makerInventory: bigint;
  accountBalance: bigint;
}

const TOKEN_SPECS: TokenSpec[] = [
  { symbol: 'USDC', name: 'USD Coin (devnet)', decimals: 6, kind: 'stable', makerInventory: 50_000_000n, accountBalance: 10_000n },
  { symbol: 'ALPHA', name: 'Alpha Token', decimals: 6, kind: 'plain', makerInventory: 100_000_000n, accountBalance: 50_000n },
  { symbol: 'BETA', name: 'Beta Token', decimals: 9, kind: 'plain', makerInventory: 1_000_000n, accountBalance: 500n },
];

const LAMPORTS_PER_SOL = 1_000_000_000n;
const MAKER_SOL = 1_000_000n * LAMPORTS_PER_SOL;
const ACCOUNT_SOL = 1_000n * LAMPORTS_PER_SOL;
/** The bridge solver's inventory on SOL (fills of bridges to SOL are paid from it). */
const BRIDGE_SOLVER_SOL = 10_000n * LAMPORTS_PER_SOL;
/** Whole USDC the bridge solver holds on SOL. */
const BRIDGE_SOLVER_USDC = 1_000_000n;
const MINT_AUTHORITY_SOL = 10_000n * LAMPORTS_PER_SOL;
/** Top the mint authority (fee payer for faucet transactions) back up below this. */
const MINT_AUTHORITY_MIN_SOL = 100n * LAMPORTS_PER_SOL;

const base58 = getBase58Decoder();

/** A keypair derived from sha256("swapbridge-devnet:solana:<name>"). */
export function deterministicKeypair(name: string): Keypair {
  return Keypair.fromSeed(createHash('sha256').update(`swapbridge-devnet:solana:${name}`).digest());
}

const keyOf = (keypair: Keypair): SolanaWorldKey => ({
  address: keypair.publicKey.toBase58(),
  secretKey: base58.decode(keypair.secretKey),
});

export const keypairFromWorldKey = (key: SolanaWorldKey): Keypair => Keypair.fromSecretKey(new Uint8Array(getBase58Encoder().encode(key.secretKey)));

// Identical instructions from the same payer in one slot would produce byte-identical transactions,
// which the node deduplicates as already processed; a varying compute-unit limit keeps each unique.
let uniqueCounter = 0;
function uniqueness(): TransactionInstruction {
  uniqueCounter = (uniqueCounter + 1) % 100_000;
  return ComputeBudgetProgram.setComputeUnitLimit({ units: 400_000 + uniqueCounter });
}

async function send(node: SolanaNode, payer: Keypair, instructions: TransactionInstruction[], extraSigners: Keypair[] = []) {
  const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: node.svm.latestBlockhash() }).add(uniqueness(), ...instructions);
  tx.sign(payer, ...extraSigners);
  const result = await node.processTransaction(new Uint8Array(tx.serialize()));
  if (result.err) throw new Error(`solana world transaction ${result.signature} failed: ${JSON.stringify(result.err)}`);
  return result.signature;
}

function mintKeypair(symbol: string): Keypair {
  return deterministicKeypair(`mint:${symbol}`);
}

function tokenMintInstructions(payer: PublicKey, owner: PublicKey, mint: PublicKey, decimals: number, amount: bigint, authority: PublicKey) {
  const ata = getAssociatedTokenAddressSync(mint, owner, true);
  const instructions: TransactionInstruction[] = [createAssociatedTokenAccountIdempotentInstruction(payer, ata, owner, mint)];
  if (amount > 0n) instructions.push(createMintToCheckedInstruction(mint, ata, authority, amount, decimals));
  return instructions;
}

/** Creates the mints, the maker's inventory and the funded test accounts. Deterministic addresses. */
export async function seedSolanaWorld(node: SolanaNode, options: SeedSolanaWorldOptions = {}): Promise<SolanaWorld> {
  const accountCount = options.accounts ?? 10;
  const mintAuthority = deterministicKeypair('mint-authority');
  const maker = deterministicKeypair('maker');
  const feeCollector = deterministicKeypair('fee-collector');
  const solver = deterministicKeypair('bridge-solver');
  const accounts = Array.from({ length: accountCount }, (_, i) => deterministicKeypair(`account:${i}`));

  await node.airdrop(mintAuthority.publicKey.toBase58(), MINT_AUTHORITY_SOL);

  const rent = node.svm.minimumBalanceForRentExemption(BigInt(MINT_SIZE));
  const tokens: SolanaWorldToken[] = [];
  for (const spec of TOKEN_SPECS) {
    const mint = mintKeypair(spec.symbol);
    await send(
      node,
      mintAuthority,
      [
        SystemProgram.createAccount({
          fromPubkey: mintAuthority.publicKey,
          newAccountPubkey: mint.publicKey,
          lamports: Number(rent),
          space: MINT_SIZE,
          programId: TOKEN_PROGRAM_ID,
        }),
        createInitializeMint2Instruction(mint.publicKey, spec.decimals, mintAuthority.publicKey, null),
      ],
      [mint],
    );
    tokens.push({ symbol: spec.symbol, name: spec.name, address: mint.publicKey.toBase58(), decimals: spec.decimals, kind: spec.kind });
  }

  const world: SolanaWorld = {
    tokens,
    maker: keyOf(maker),
    feeCollector: keyOf(feeCollector),
    mintAuthority: keyOf(mintAuthority),
    solver: keyOf(solver),
    accounts: accounts.map(keyOf),
  };

  const unit = (spec: TokenSpec) => 10n ** BigInt(spec.decimals);
  await fundSolanaAccount(node, world, world.maker.address, {
    sol: MAKER_SOL,
    tokens: Object.fromEntries(TOKEN_SPECS.map((spec) => [spec.symbol, spec.makerInventory * unit(spec)])),
  });
  // Rent-exempt, with every mint's account: fee transfers of any size can land.
  await fundSolanaAccount(node, world, world.feeCollector.address, { sol: LAMPORTS_PER_SOL, tokens: 0n });
  // SOL and the stable: what the solver pays fills to SOL from.
  await fundSolanaAccount(node, world, world.solver.address, { sol: BRIDGE_SOLVER_SOL, tokens: { USDC: BRIDGE_SOLVER_USDC * 10n ** 6n } });
  for (const account of world.accounts) {
    await fundSolanaAccount(node, world, account.address, {
      sol: ACCOUNT_SOL,
      tokens: Object.fromEntries(TOKEN_SPECS.map((spec) => [spec.symbol, spec.accountBalance * unit(spec)])),
    });
  }
  return world;
}

export interface FundSolanaAccountAmounts {
  /** Lamports to airdrop (0 for none). */
  sol: bigint;
  /** Base units minted into the owner's associated token account: one amount for every mint, or per
   * token symbol / mint address (unlisted tokens get nothing). */
  tokens: bigint | Record<string, bigint>;
}

/**
 * Faucet: airdrops SOL and mints each world token into the address's associated token account
 * (created when missing). Returns the transaction signatures.
 */
export async function fundSolanaAccount(node: SolanaNode, world: SolanaWorld, address: string, amounts: FundSolanaAccountAmounts): Promise<string[]> {
  const owner = new PublicKey(address);
  const authority = keypairFromWorldKey(world.mintAuthority);
  const signatures: string[] = [];

  const authorityBalance = node.svm.getBalance(world.mintAuthority.address as Address) ?? 0n;
  if (authorityBalance < MINT_AUTHORITY_MIN_SOL) {
    signatures.push(await node.airdrop(world.mintAuthority.address, MINT_AUTHORITY_SOL));
  }
  if (amounts.sol > 0n) signatures.push(await node.airdrop(address, amounts.sol));

  const instructions: TransactionInstruction[] = [];
  for (const token of world.tokens) {
    const amount = typeof amounts.tokens === 'bigint' ? amounts.tokens : (amounts.tokens[token.symbol] ?? amounts.tokens[token.address]);
    if (amount === undefined) continue;
    instructions.push(...tokenMintInstructions(authority.publicKey, owner, new PublicKey(token.address), token.decimals, amount, authority.publicKey));
  }
  if (instructions.length > 0) signatures.push(await send(node, authority, instructions));
  return signatures;
}
