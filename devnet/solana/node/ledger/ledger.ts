import { createHash } from 'node:crypto';
import { Clock, LiteSVM } from 'litesvm';
import { address as toAddress, lamports as toLamports, type Address } from '@solana/kit';
import { Keypair } from '@solana/web3.js';
import { isTokenProgram, parseMint } from '../codecs/token-layouts';
import { MAX_PROCESSING_AGE, SLOTS_PER_EPOCH, SYSTEM_PROGRAM } from '../constants';
import { PrioritizationFees } from './prioritization-fees';
import type { TransactionRecord } from './transaction-record';

const MAX_RECENT_BLOCKHASHES = 300;
const MAX_RECORDED_TRANSACTIONS = 50_000;

export interface AccountView {
  address: Address;
  lamports: bigint;
  owner: Address;
  executable: boolean;
  data: Uint8Array;
}

/** The fields of a LiteSVM account this node reads. */
interface SvmAccount {
  lamports: bigint;
  programAddress: Address;
  executable: boolean;
  data: ArrayLike<number>;
}

export const toAccountView = (address: Address, account: SvmAccount): AccountView => ({
  address,
  lamports: account.lamports,
  owner: account.programAddress,
  executable: account.executable,
  data: new Uint8Array(account.data),
});

interface BlockhashInfo {
  slot: number;
  lastValidBlockHeight: number;
}

/**
 * The chain as this node keeps it: LiteSVM's accounts, one slot (and one blockhash) per tick, the
 * blockhash history lifetimes are checked against, and the landed transactions with their statuses.
 */
export class Ledger {
  readonly svm = new LiteSVM().withBlockhashCheck(false).withTransactionHistory(0n);
  readonly genesisHash: string = this.svm.latestBlockhash();
  readonly startedAt = Math.floor(Date.now() / 1000);
  readonly faucet = Keypair.fromSeed(createHash('sha256').update('swapbridge-devnet:solana-faucet').digest());
  readonly faucetAddress = toAddress(this.faucet.publicKey.toBase58());
  readonly prioritizationFees = new PrioritizationFees();
  private currentSlot = 0;
  private latest = this.genesisHash;
  private readonly blockhashes = new Map<string, BlockhashInfo>();
  private readonly blockhashOrder: string[] = [];
  private readonly transactions = new Map<string, TransactionRecord>();
  private readonly signatureOrder: string[] = [];
  private readonly signaturesByAddress = new Map<string, string[]>();
  private recordedCount = 0;
  private airdrops = 0;

  constructor(readonly slotIntervalMs: number) {
    this.svm.setAccount({
      address: this.faucetAddress,
      lamports: toLamports(1_000_000_000_000_000_000n),
      programAddress: toAddress(SYSTEM_PROGRAM),
      executable: false,
      data: new Uint8Array(),
      space: 0n,
    });
    this.setClock();
    this.recordBlockhash(this.genesisHash);
  }

  /** Current slot (= block height: no slot is skipped). */
  get slot() {
    return this.currentSlot;
  }

  get latestBlockhash() {
    return this.latest;
  }

  get transactionCount() {
    return this.recordedCount;
  }

  advanceSlot() {
    this.currentSlot += 1;
    this.setClock();
    this.svm.expireBlockhash();
    this.recordBlockhash(this.svm.latestBlockhash());
    this.prioritizationFees.prune();
  }

  isBlockhashValid(hash: string) {
    const info = this.blockhashes.get(hash);
    return info !== undefined && this.currentSlot <= info.lastValidBlockHeight;
  }

  latestBlockhashLifetime() {
    return { blockhash: this.latest, lastValidBlockHeight: this.blockhashes.get(this.latest)!.lastValidBlockHeight };
  }

  readAccount(address: Address): AccountView | null {
    const account = this.svm.getAccount(address);
    if (!account.exists) return null;
    return toAccountView(address, account);
  }

  mintDecimals(mint: Address): number {
    const account = this.readAccount(mint);
    return (account && isTokenProgram(account.owner) && parseMint(account.data)?.decimals) || 0;
  }

  transaction(signature: string): TransactionRecord | undefined {
    return this.transactions.get(signature);
  }

  /** Signatures of the recorded transactions touching `address`, oldest first. */
  signaturesFor(address: string): readonly string[] {
    return this.signaturesByAddress.get(address) ?? [];
  }

  record(record: TransactionRecord) {
    this.transactions.set(record.signature, record);
    this.signatureOrder.push(record.signature);
    this.recordedCount += 1;
    for (const key of new Set(record.accountKeys)) {
      let list = this.signaturesByAddress.get(key);
      if (!list) this.signaturesByAddress.set(key, (list = []));
      list.push(record.signature);
    }
    if (this.signatureOrder.length > MAX_RECORDED_TRANSACTIONS) this.forgetOldestTransaction();
  }

  /** Counts faucet transactions so that each can be made unique (see airdrop). */
  nextAirdropNumber() {
    this.airdrops += 1;
    return this.airdrops;
  }

  private forgetOldestTransaction() {
    const dropped = this.transactions.get(this.signatureOrder.shift()!);
    if (!dropped) return;
    this.transactions.delete(dropped.signature);
    for (const key of new Set(dropped.accountKeys)) this.signaturesByAddress.get(key)?.shift();
  }

  private recordBlockhash(hash: string) {
    this.latest = hash;
    this.blockhashes.set(hash, { slot: this.currentSlot, lastValidBlockHeight: this.currentSlot + MAX_PROCESSING_AGE });
    this.blockhashOrder.push(hash);
    while (this.blockhashOrder.length > MAX_RECENT_BLOCKHASHES) this.blockhashes.delete(this.blockhashOrder.shift()!);
  }

  private setClock() {
    const epoch = BigInt(Math.floor(this.currentSlot / SLOTS_PER_EPOCH));
    const now = BigInt(Math.floor(Date.now() / 1000));
    this.svm.setClock(new Clock(BigInt(this.currentSlot), BigInt(this.startedAt), epoch, epoch + 1n, now));
  }
}
