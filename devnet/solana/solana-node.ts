/**
 * A local Solana node: Solana's JSON-RPC API (HTTP and websocket subscriptions) served over LiteSVM,
 * so that unmodified clients (@solana/web3.js v1, @solana/kit, wallet adapters) can use it as if it were
 * a validator.
 *
 * Model:
 * - One slot per `slotIntervalMs`; every slot produces a new blockhash and block height equals slot
 *   (no skipped slots). A blockhash is valid for MAX_PROCESSING_AGE (150) blocks, like a validator.
 *   LiteSVM itself only accepts its single latest blockhash, so its own check is turned off and this
 *   module checks lifetimes (recent blockhash or durable nonce) against its history instead.
 * - A transaction runs the moment it is received, in the current slot. There are no forks, so it is
 *   reported `finalized` straight away (signature notifications fire for every commitment at once).
 * - Transactions that fail before execution (bad signature, unknown blockhash, duplicate) are refused
 *   by preflight or, with skipPreflight, dropped without a trace: exactly what a validator does.
 *   Transactions that fail during execution land with their error and pay the fee.
 * - Websocket subscriptions are served on the HTTP port (upgrade) and on port + 1 too, because
 *   web3.js v1 derives its websocket URL from the HTTP one by adding one to the port.
 */
import type { LiteSVM } from 'litesvm';
import type { TransactionErrorJson } from './node/errors/transaction-errors';
import { airdrop } from './node/ledger/airdrop';
import { Ledger } from './node/ledger/ledger';
import { processTransaction } from './node/ledger/transaction-execution';
import { expectAddress } from './node/methods/rpc-params';
import { serveSubscriptions } from './node/methods/subscription-methods';
import type { NodeContext } from './node/node-context';
import { dispatchRpc } from './node/server/dispatch-rpc';
import { RpcServers } from './node/server/rpc-servers';
import { Subscriptions } from './node/subscriptions';

export interface SolanaNode {
  /** http://127.0.0.1:PORT */
  url: string;
  /** ws://127.0.0.1:PORT; port + 1 also serves websockets for web3.js v1's default. */
  wsUrl: string;
  port: number;
  svm: LiteSVM;
  /** Current slot (= block height). */
  slot(): number;
  /** Produces `count` slots at once (tests: expire blockhashes without waiting). */
  advanceSlots(count: number): void;
  /**
   * Runs a signed wire-format transaction as if it had arrived through `sendTransaction` with
   * skipPreflight, and records it. Refusals that a validator would drop throw instead.
   */
  processTransaction(wire: Uint8Array): Promise<{ signature: string; err: TransactionErrorJson | null }>;
  /** Sends lamports from the node's faucet in a recorded transaction (what requestAirdrop does). */
  airdrop(address: string, lamports: bigint): Promise<string>;
  stop: () => Promise<void>;
}

export interface SolanaNodeOptions {
  port?: number;
  slotIntervalMs?: number;
}

export async function startSolanaNode(options: SolanaNodeOptions = {}): Promise<SolanaNode> {
  const ledger = new Ledger(options.slotIntervalMs ?? 400);
  const subscriptions = new Subscriptions(ledger);
  const node: NodeContext = { ledger, subscriptions };
  const tick = () => {
    ledger.advanceSlot();
    subscriptions.slotAdvanced();
  };
  const timer = setInterval(tick, ledger.slotIntervalMs);
  timer.unref();

  const servers = new RpcServers({
    answerBody: (body) => dispatchRpc(node, body),
    onSocket: (socket) => serveSubscriptions(node, socket),
  });
  let port: number;
  try {
    port = await servers.listen(options.port);
  } catch (error) {
    clearInterval(timer);
    await servers.close();
    throw error;
  }

  let stopped = false;
  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    port,
    svm: ledger.svm,
    slot: () => ledger.slot,
    advanceSlots(count: number) {
      for (let i = 0; i < count; i += 1) tick();
    },
    processTransaction: (wire: Uint8Array) => processTransaction(node, wire),
    airdrop: (to: string, amount: bigint) => airdrop(node, expectAddress(to), amount),
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      subscriptions.clear();
      await servers.stop();
    },
  };
}
