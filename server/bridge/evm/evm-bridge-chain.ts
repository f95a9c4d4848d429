/**
 * The bridge on an EVM chain. Deposits are native transfers to the Depository contract whose calldata is the
 * requestId; the contract forwards the value to the solver and emits `Deposit`, so finding deposits is one
 * eth_getLogs per block range. Fills and refunds are plain transfers signed by the solver's key.
 */
import { decodeEventLog, keccak256, parseAbi, parseTransaction, toHex, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { z } from 'zod';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import { JsonRpcError } from '@/server/chains/json-rpc';
import { hexQuantity, requestChecked } from '@/server/chains/rpc-answers';
import { AppError } from '@/server/errors';
import type { PriorityFeeReader } from '@/server/fees/priority-fees';
import { readSignedTx, serializeUnsigned, type UnsignedEvmTx } from '@/server/trading/evm/evm-transactions';
import { sleep } from '@/server/trading/trade-outcome';
import { nativeUsd } from '@/server/venues/evm/pools/token-pools';
import type { BridgeChain, DepositState, FoundDeposit, PaymentState, SignedPayment } from '../bridge-chain';

export const depositoryAbi = parseAbi(['event Deposit(bytes32 indexed requestId, address indexed from, uint256 amount)']);
const DEPOSIT_TOPIC = keccak256(toHex('Deposit(bytes32,address,uint256)'));

/** A deposit runs the Depository's fallback: event plus forwarding call, well under this. */
const DEPOSIT_GAS = 60_000n;
/** What the solver keeps back on every chain for its own gas, in gas units at the current fee. */
const SOLVER_GAS_RESERVE = 500_000n;
/** The most blocks one eth_getLogs asks for (public RPCs cap ranges). */
const MAX_LOG_RANGE = 2_000n;
const POLL_MS = 100;

const receiptSchema = z.object({
  status: z.string(),
  blockNumber: z.string(),
  logs: z.array(z.object({ address: z.string(), topics: z.array(z.string()), data: z.string(), transactionHash: z.string(), blockNumber: z.string() })),
}).nullable();
const logsSchema = z.array(z.object({ topics: z.array(z.string()), data: z.string(), transactionHash: z.string(), blockNumber: z.string(), removed: z.boolean().optional() }));
const blockSchema = z.object({ timestamp: hexQuantity }).nullable();

type Log = z.infer<typeof logsSchema>[number];

export function createEvmBridgeChain(deps: {
  chain: ConfiguredChain;
  solverPrivateKey: Hex;
  depository: string;
  fees: PriorityFeeReader;
}): BridgeChain {
  const { chain } = deps;
  const rpc = chain.rpc;
  const solver = privateKeyToAccount(deps.solverPrivateKey);
  const depository = deps.depository.toLowerCase() as Address;

  async function txFees(): Promise<UnsignedEvmTx['fees']> {
    const levels = await deps.fees.read(chain.info.id);
    const fees = levels.MEDIUM;
    if (chain.info.legacyTransactions) return { type: 'legacy', gasPrice: fees.gasPrice };
    return { type: 'eip1559', maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas };
  }
  const highestFee = (fees: UnsignedEvmTx['fees']) => (fees.type === 'eip1559' ? fees.maxFeePerGas : fees.gasPrice);

  async function paymentGas(to: string, amount: bigint): Promise<bigint> {
    // 21,000 to an account without code; a contract recipient (a smart wallet) may need more.
    return requestChecked(rpc, 'eth_estimateGas', [{ from: solver.address, to, value: toHex(amount) }], hexQuantity);
  }

  async function blockTimeMs(blockNumber: string): Promise<number> {
    const block = await requestChecked(rpc, 'eth_getBlockByNumber', [blockNumber, false], blockSchema);
    return block ? Number(block.timestamp) * 1_000 : Date.now();
  }

  function depositOf(log: { topics: string[]; data: string; transactionHash: string }, confirmedAtMs: number): FoundDeposit | undefined {
    if (log.topics[0] !== DEPOSIT_TOPIC) return undefined;
    const decoded = decodeEventLog({ abi: depositoryAbi, topics: log.topics as [Hex, ...Hex[]], data: log.data as Hex });
    return { requestId: decoded.args.requestId, txHash: log.transactionHash, from: decoded.args.from, amount: decoded.args.amount, confirmedAtMs };
  }

  async function receipt(txHash: string) {
    return requestChecked(rpc, 'eth_getTransactionReceipt', [txHash], receiptSchema);
  }

  async function send(raw: string): Promise<void> {
    try {
      await rpc.request('eth_sendRawTransaction', [raw]);
    } catch (error) {
      // The node already has it (or mined it): the receipt tells the rest.
      if (error instanceof JsonRpcError && /already known|already imported|nonce too low/i.test(error.message)) return;
      throw error;
    }
  }

  return {
    chain: chain.info.id,
    depository,
    solver: solver.address,

    nativeUsd: () => nativeUsd(chain),

    async inventory() {
      const [balance, fees] = await Promise.all([
        requestChecked(rpc, 'eth_getBalance', [solver.address, 'latest'], hexQuantity),
        txFees(),
      ]);
      const spendable = balance - SOLVER_GAS_RESERVE * highestFee(fees);
      return spendable > 0n ? spendable : 0n;
    },

    async paymentCost(to, amount) {
      const [gas, fees] = await Promise.all([paymentGas(to, amount), txFees()]);
      return gas * highestFee(fees);
    },

    async buildDeposit({ trader, amount, requestId }) {
      const [nonce, fees] = await Promise.all([
        requestChecked(rpc, 'eth_getTransactionCount', [trader, 'pending'], hexQuantity),
        txFees(),
      ]);
      return serializeUnsigned({
        chainId: chain.info.chainId, nonce: Number(nonce), gas: DEPOSIT_GAS, to: depository, value: amount, data: requestId as Hex, fees,
      });
    },

    async checkSignedDeposit(signed, expected) {
      const tx = await readSignedTx(signed as Hex, 'trade');
      const problems: string[] = [];
      if (tx.signer.toLowerCase() !== expected.trader.toLowerCase()) problems.push(`it is signed by ${tx.signer}, not the quoted trader ${expected.trader}`);
      if (tx.chainId !== chain.info.chainId) problems.push(`it is for chain id ${tx.chainId}, not ${chain.info.chainId} (${chain.info.id})`);
      if (tx.to?.toLowerCase() !== depository) problems.push(`it pays ${tx.to ?? 'a contract creation'}, not the depository ${depository}`);
      if (tx.value !== expected.amount) problems.push(`it sends ${tx.value} wei, not the quoted ${expected.amount}`);
      if (tx.data.toLowerCase() !== expected.requestId.toLowerCase()) problems.push('its data is not the requestId');
      if (problems.length > 0) {
        throw new AppError('TX_MISMATCH', `trade: the deposit does not match the quote: ${problems.join('; ')}. Sign the quoted deposit unchanged.`, { field: 'trade' });
      }
      return { txHash: tx.txHash };
    },

    broadcast: send,

    async waitForDeposit(txHash, timeoutMs): Promise<DepositState> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mined = await receipt(txHash);
        if (mined) {
          if (mined.status !== '0x1') return { state: 'reverted' };
          const log = mined.logs.find((entry) => entry.address.toLowerCase() === depository && entry.topics[0] === DEPOSIT_TOPIC);
          if (!log) return { state: 'reverted' };
          return { state: 'confirmed', deposit: depositOf(log, await blockTimeMs(mined.blockNumber))! };
        }
        if (Date.now() > deadline) return { state: 'pending' };
        await sleep(POLL_MS);
      }
    },

    async scanDeposits(cursor) {
      const head = await requestChecked(rpc, 'eth_blockNumber', [], hexQuantity);
      // The first scan starts at the head: the Depository's history before this service ran is not ours.
      if (cursor === undefined) return { deposits: [], cursor: head.toString() };
      const from = BigInt(cursor) + 1n;
      if (from > head) return { deposits: [], cursor };
      const to = head - from + 1n > MAX_LOG_RANGE ? from + MAX_LOG_RANGE - 1n : head;
      const logs = (await requestChecked(rpc, 'eth_getLogs', [{
        address: depository, topics: [DEPOSIT_TOPIC], fromBlock: toHex(from), toBlock: toHex(to),
      }], logsSchema)).filter((log: Log) => !log.removed);
      const times = new Map<string, number>();
      for (const block of new Set(logs.map((log) => log.blockNumber))) times.set(block, await blockTimeMs(block));
      const deposits = logs.map((log) => depositOf(log, times.get(log.blockNumber)!)).filter((entry): entry is FoundDeposit => entry !== undefined);
      return { deposits, cursor: to.toString() };
    },

    async signPayment({ to, amount }): Promise<SignedPayment> {
      const [nonce, gas, fees] = await Promise.all([
        requestChecked(rpc, 'eth_getTransactionCount', [solver.address, 'pending'], hexQuantity),
        paymentGas(to, amount),
        txFees(),
      ]);
      const unsigned = parseTransaction(serializeUnsigned({
        chainId: chain.info.chainId, nonce: Number(nonce), gas, to: to as Address, value: amount, data: '0x', fees,
      }));
      const raw = await solver.signTransaction(unsigned as never);
      return { txHash: keccak256(raw), raw };
    },

    async settlePayment(payment, timeoutMs): Promise<PaymentState> {
      const known = await receipt(payment.txHash);
      if (known) return known.status === '0x1' ? 'confirmed' : 'reverted';
      await send(payment.raw);
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mined = await receipt(payment.txHash);
        if (mined) return mined.status === '0x1' ? 'confirmed' : 'reverted';
        // Another transaction took this nonce (a replacement, or another instance's payment): this one can never land.
        const nonce = parseTransaction(payment.raw as Hex).nonce ?? 0;
        const used = await requestChecked(rpc, 'eth_getTransactionCount', [solver.address, 'latest'], hexQuantity);
        if (used > BigInt(nonce) && !(await receipt(payment.txHash))) return 'dropped';
        if (Date.now() > deadline) return 'pending';
        await sleep(POLL_MS);
      }
    },
  };
}
