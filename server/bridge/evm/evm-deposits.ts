/**
 * Deposits read from an EVM chain: the Depository's `Deposit` and `TokenDeposit` events, in the receipt of a
 * deposit execute sent or in a range of blocks the scan reads, each with its depth against the chain's
 * (deposit-depth.ts). At depth 1 a mined deposit is final as it is read. Deeper, a deposit is reported as
 * seen until it has the depth; then it is read again (its receipt, and the block the chain has at its height)
 * and only a deposit still in the canonical chain there is final.
 */
import { decodeEventLog, keccak256, parseAbi, toHex, type Hex } from 'viem';
import { getBlock } from '@/server/chains/evm/actions/get-block';
import { getBlockNumber } from '@/server/chains/evm/actions/get-block-number';
import { getLogs } from '@/server/chains/evm/actions/get-logs';
import { receiptSchema, type EvmLog, type EvmReceipt } from '@/server/chains/evm/evm-schemas';
import { batchAnswer, hexQuantity } from '@/server/chains/rpc-answers';
import type { DepositRecheck, DepositState, FoundDeposit, ScannedDeposits } from '../bridge-chain';
import { evmDepth, needsCanonicalCheck } from '../deposit-depth';
import type { EvmBridgeContext } from './evm-bridge-context';
import { TOKEN_DEPOSIT_TOPIC, tokenDepositOf } from './evm-bridge-tokens';

const depositoryAbi = parseAbi(['event Deposit(bytes32 indexed requestId, address indexed from, uint256 amount)']);
const DEPOSIT_TOPIC = keccak256(toHex('Deposit(bytes32,address,uint256)'));
const DEPOSIT_TOPICS: string[] = [DEPOSIT_TOPIC, TOKEN_DEPOSIT_TOPIC];
/** The most blocks one eth_getLogs asks for (public RPCs cap ranges). */
const MAX_LOG_RANGE = 2_000n;

async function blockTimeMs(context: EvmBridgeContext, blockNumber: bigint, known?: bigint): Promise<number> {
  if (known !== undefined) return Number(known) * 1_000;
  const block = await getBlock(context.chain.rpc, blockNumber);
  return block ? Number(block.timestamp) * 1_000 : Date.now();
}

function depositOf(log: EvmLog, confirmedAtMs: number): FoundDeposit | undefined {
  if (log.topics[0] === TOKEN_DEPOSIT_TOPIC) return tokenDepositOf(log, confirmedAtMs);
  if (log.topics[0] !== DEPOSIT_TOPIC) return undefined;
  const decoded = decodeEventLog({ abi: depositoryAbi, topics: log.topics as [Hex, ...Hex[]], data: log.data });
  return { requestId: decoded.args.requestId, txHash: log.transactionHash, from: decoded.args.from, amount: decoded.args.amount, confirmedAtMs };
}

/** The deposit a successful receipt made into the depository; undefined for any other transaction. */
async function receiptDeposit(context: EvmBridgeContext, receipt: EvmReceipt): Promise<FoundDeposit | undefined> {
  if (receipt.status !== 'success') return undefined;
  const log = receipt.logs.find((entry) => entry.address.toLowerCase() === context.depository && DEPOSIT_TOPICS.includes(entry.topics[0]!));
  return log && depositOf(log, await blockTimeMs(context, receipt.blockNumber, receipt.blockTimestamp ?? log.blockTimestamp));
}

/** A deposit execute just saw mined: one block deep, so final at once only where the depth is 1 (no further read). */
export async function minedDeposit(context: EvmBridgeContext, receipt: EvmReceipt): Promise<DepositState> {
  const deposit = await receiptDeposit(context, receipt);
  if (!deposit) return { state: 'reverted' };
  const { depth, final } = evmDepth({ depositBlock: receipt.blockNumber, head: receipt.blockNumber, required: context.confirmations });
  return { state: 'confirmed', deposit, depth, final };
}

/** Reads a deposit again: its receipt and the head in one batch, and at depth the chain's block at its height. */
export async function recheckDeposit(context: EvmBridgeContext, txHash: string): Promise<DepositRecheck> {
  const { rpc } = context.chain;
  const [receiptAnswer, headAnswer] = await rpc.requestBatch([
    { method: 'eth_getTransactionReceipt', params: [txHash] },
    { method: 'eth_blockNumber', params: [] },
  ]);
  const receipt = batchAnswer(rpc.chain, 'eth_getTransactionReceipt', receiptSchema.nullable(), receiptAnswer);
  const head = batchAnswer(rpc.chain, 'eth_blockNumber', hexQuantity, headAnswer);
  const deposit = receipt ? await receiptDeposit(context, receipt) : undefined;
  if (!receipt || !deposit) return { state: 'gone' };
  const required = context.confirmations;
  const canonical = needsCanonicalCheck(receipt.blockNumber, head, required)
    ? receipt.blockHash !== undefined && (await getBlock(rpc, receipt.blockNumber))?.hash === receipt.blockHash
    : undefined;
  const { depth, final } = evmDepth({ depositBlock: receipt.blockNumber, head, required, canonical });
  return final ? { state: 'final', deposit, depth } : { state: 'below', depth };
}

/**
 * Deposits after `cursor`: final ones (read again at depth, unless the depth is 1), and those seen below
 * the depth. The cursor stops at the last block at depth, and before any deposit that was not final when read
 * again, so the next scans read those blocks again: no deposit is passed over before it is final.
 */
export async function scanDeposits(context: EvmBridgeContext, cursor: string | undefined): Promise<ScannedDeposits> {
  const { rpc } = context.chain;
  const head = await getBlockNumber(rpc);
  // The first scan starts at the head: the Depository's history before this service ran is not ours.
  if (cursor === undefined) return { deposits: [], cursor: head.toString() };
  const from = BigInt(cursor) + 1n;
  // Blocks below the depth are read on every scan until final: read again only once a new block came (or the
  // cursor is not where the last scan left it, say when its findings could not be stored).
  const unchanged = context.lastScan?.cursor === cursor && context.lastScan.head === head;
  if (from > head || unchanged) return { deposits: [], cursor };
  const to = head - from + 1n > MAX_LOG_RANGE ? from + MAX_LOG_RANGE - 1n : head;
  const logs = await getLogs(rpc, { address: context.depository, topics: [DEPOSIT_TOPICS], fromBlock: from, toBlock: to });
  const required = context.confirmations;
  const lastFinal = head - BigInt(required - 1);
  let reached = to < lastFinal ? to : lastFinal;
  const found: ScannedDeposits = { deposits: [], seen: [], cursor };
  const times = new Map<bigint, number>();
  for (const log of logs) {
    if (log.removed) continue;
    if (!times.has(log.blockNumber)) times.set(log.blockNumber, await blockTimeMs(context, log.blockNumber, log.blockTimestamp));
    const deposit = depositOf(log, times.get(log.blockNumber)!);
    if (!deposit) continue;
    if (log.blockNumber > lastFinal) {
      found.seen!.push({ deposit, depth: evmDepth({ depositBlock: log.blockNumber, head, required }).depth });
    } else if (required <= 1) {
      found.deposits.push(deposit);
    } else {
      const again = await recheckDeposit(context, deposit.txHash);
      if (again.state === 'final') found.deposits.push(again.deposit);
      else {
        // Not final on a second look (its block left the chain, or is being replaced): read again next time.
        if (log.blockNumber - 1n < reached) reached = log.blockNumber - 1n;
        if (again.state === 'below') found.seen!.push({ deposit, depth: again.depth });
      }
    }
  }
  found.cursor = (reached < from - 1n ? from - 1n : reached).toString();
  // A scan that stopped short of the head (a long backlog) goes on at once.
  context.lastScan = to === head ? { cursor: found.cursor, head } : undefined;
  return found;
}
