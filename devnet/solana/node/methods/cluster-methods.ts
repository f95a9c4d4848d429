import { withContext } from '../codecs/with-context';
import { SLOTS_PER_EPOCH, SOLANA_CORE_VERSION } from '../constants';
import { RpcError, invalidParams } from '../errors/rpc-error';
import type { RpcMethod } from './rpc-method';

const FEATURE_SET = 3294202862;

/** The node, its slots, blocks, epochs and blockhashes. Block height equals slot: none is skipped. */
export const clusterMethods: Record<string, RpcMethod> = {
  getHealth: () => 'ok',
  getVersion: () => ({ 'feature-set': FEATURE_SET, 'solana-core': SOLANA_CORE_VERSION }),
  getGenesisHash: ({ ledger }) => ledger.genesisHash,
  getIdentity: ({ ledger }) => ({ identity: ledger.faucetAddress }),
  getSlot: ({ ledger }) => ledger.slot,
  getBlockHeight: ({ ledger }) => ledger.slot,
  getTransactionCount: ({ ledger }) => ledger.transactionCount,
  getFirstAvailableBlock: () => 0,
  minimumLedgerSlot: () => 0,
  getMaxRetransmitSlot: ({ ledger }) => ledger.slot,
  getMaxShredInsertSlot: ({ ledger }) => ledger.slot,
  getSlotLeader: ({ ledger }) => ledger.faucetAddress,
  getBlockTime: ({ ledger }, params) => {
    const requested = Number(params[0]);
    if (!Number.isInteger(requested) || requested < 0 || requested > ledger.slot) {
      throw new RpcError(-32004, `Block not available for slot ${String(params[0])}`);
    }
    return ledger.startedAt + Math.floor((requested * ledger.slotIntervalMs) / 1000);
  },
  getEpochInfo: ({ ledger }) => ({
    absoluteSlot: ledger.slot,
    blockHeight: ledger.slot,
    epoch: Math.floor(ledger.slot / SLOTS_PER_EPOCH),
    slotIndex: ledger.slot % SLOTS_PER_EPOCH,
    slotsInEpoch: SLOTS_PER_EPOCH,
    transactionCount: ledger.transactionCount,
  }),
  getEpochSchedule: () => ({
    firstNormalEpoch: 0,
    firstNormalSlot: 0,
    leaderScheduleSlotOffset: SLOTS_PER_EPOCH,
    slotsPerEpoch: SLOTS_PER_EPOCH,
    warmup: false,
  }),
  getLatestBlockhash: ({ ledger }) => withContext(ledger, ledger.latestBlockhashLifetime()),
  isBlockhashValid: ({ ledger }, params) => {
    if (typeof params[0] !== 'string') throw invalidParams('Invalid param: Invalid');
    return withContext(ledger, ledger.isBlockhashValid(params[0]));
  },
};
