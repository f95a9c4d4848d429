import type { Address } from '@solana/kit';
import { addressAt } from '../codecs/bytes';
import type { DecodedMessage } from '../codecs/wire-transaction';
import { RpcError } from '../errors/rpc-error';
import type { Ledger } from './ledger';

/** Offset of the first address in an address lookup table account (after its 56-byte header). */
const LOOKUP_TABLE_ADDRESSES_OFFSET = 56;

/** All accounts a message loads (static ones, then those from lookup tables), with their roles. */
export function accountKeysOf(ledger: Ledger, message: DecodedMessage) {
  const staticAccounts = [...message.staticAccounts];
  const writable: Address[] = [];
  const readonly: Address[] = [];
  const lookups = 'addressTableLookups' in message ? (message.addressTableLookups ?? []) : [];
  for (const lookup of lookups) {
    const table = ledger.readAccount(lookup.lookupTableAddress);
    if (!table)
      throw new RpcError(-32002, "Transaction simulation failed: Transaction loads an address table account that doesn't exist", {
        err: 'AddressLookupTableNotFound',
        logs: [],
        accounts: null,
        unitsConsumed: 0,
      });
    const entry = (i: number) => addressAt(table.data, LOOKUP_TABLE_ADDRESSES_OFFSET + i * 32);
    for (const i of lookup.writableIndexes) writable.push(entry(i));
    for (const i of lookup.readonlyIndexes) readonly.push(entry(i));
  }
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = message.header;
  const n = staticAccounts.length;
  const isWritable = staticAccounts.map((_, i) =>
    i < numSignerAccounts ? i < numSignerAccounts - numReadonlySignerAccounts : i < n - numReadonlyNonSignerAccounts,
  );
  return {
    keys: [...staticAccounts, ...writable, ...readonly],
    staticCount: n,
    loaded: { writable, readonly },
    writable: [...isWritable, ...writable.map(() => true), ...readonly.map(() => false)],
    signers: [...staticAccounts.map((_, i) => i < numSignerAccounts), ...writable.map(() => false), ...readonly.map(() => false)],
  };
}
