import { WebSocket } from 'ws';
import type { Address } from '@solana/kit';
import { encodeAccountForNotification } from './codecs/account-encoding';
import { stringifyJson } from './codecs/stringify-json';
import { withContext } from './codecs/with-context';
import type { Ledger } from './ledger/ledger';
import type { TransactionRecord } from './ledger/transaction-record';

export type Subscription =
  | { kind: 'signature'; socket: WebSocket; signature: string }
  | { kind: 'slot'; socket: WebSocket }
  | { kind: 'account'; socket: WebSocket; address: Address; encoding: string };

export function sendJson(socket: WebSocket, payload: unknown) {
  if (socket.readyState === WebSocket.OPEN) socket.send(stringifyJson(payload));
}

export const notify = (socket: WebSocket, method: string, subscription: number, result: unknown) =>
  sendJson(socket, { jsonrpc: '2.0', method, params: { result, subscription } });

/** Signature notifications fire once, for every commitment at once: nothing here ever forks. */
export const notifySignature = (socket: WebSocket, subscription: number, slot: number, record: TransactionRecord) =>
  notify(socket, 'signatureNotification', subscription, { context: { slot }, value: { err: record.err } });

/** The websocket subscriptions of all connections, told of every new slot and landed transaction. */
export class Subscriptions {
  private readonly byId = new Map<number, Subscription>();
  private nextId = 1;

  constructor(private readonly ledger: Ledger) {}

  add(subscription: Subscription): number {
    const id = this.nextId++;
    this.byId.set(id, subscription);
    return id;
  }

  get(id: number) {
    return this.byId.get(id);
  }

  delete(id: number) {
    this.byId.delete(id);
  }

  clear() {
    this.byId.clear();
  }

  slotAdvanced() {
    const slot = this.ledger.slot;
    for (const [id, sub] of this.byId) {
      if (sub.kind === 'slot') notify(sub.socket, 'slotNotification', id, { parent: slot - 1, root: slot, slot });
    }
  }

  transactionLanded(record: TransactionRecord) {
    for (const [id, sub] of this.byId) {
      if (sub.kind === 'signature' && sub.signature === record.signature) {
        notifySignature(sub.socket, id, this.ledger.slot, record);
        this.byId.delete(id);
      } else if (sub.kind === 'account' && record.writable.some((w, i) => w && record.accountKeys[i] === sub.address)) {
        const account = encodeAccountForNotification(this.ledger, this.ledger.readAccount(sub.address), sub.encoding);
        notify(sub.socket, 'accountNotification', id, withContext(this.ledger, account));
      }
    }
  }
}
