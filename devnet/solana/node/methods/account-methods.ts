import type { Address } from '@solana/kit';
import { encodeAccount } from '../codecs/account-encoding';
import { fromBase58, fromBase64 } from '../codecs/bytes';
import { withContext } from '../codecs/with-context';
import { invalidParams } from '../errors/rpc-error';
import { toAccountView, type Ledger } from '../ledger/ledger';
import type { RpcMethod } from './rpc-method';
import { configOf, expectAddress, expectList } from './rpc-params';

type AccountFilter = Record<string, unknown>;

export const accountMethods: Record<string, RpcMethod> = {
  getBalance: ({ ledger }, params) => withContext(ledger, ledger.readAccount(expectAddress(params[0]))?.lamports ?? 0n),
  getAccountInfo: ({ ledger }, params) => withContext(ledger, encodeAccount(ledger, ledger.readAccount(expectAddress(params[0])), configOf(params[1]))),
  getMultipleAccounts: ({ ledger }, params) => {
    const addresses = expectList(params[0], 100);
    const config = configOf(params[1]);
    return withContext(
      ledger,
      addresses.map((a) => encodeAccount(ledger, ledger.readAccount(expectAddress(a)), config)),
    );
  },
  getProgramAccounts: ({ ledger }, params) => programAccounts(ledger, expectAddress(params[0]), configOf(params[1])),
  getMinimumBalanceForRentExemption: ({ ledger }, params) => {
    const size = params[0] ?? 0;
    if (typeof size !== 'number' || !Number.isInteger(size) || size < 0) throw invalidParams('Invalid params: invalid type: expected usize');
    return ledger.svm.minimumBalanceForRentExemption(BigInt(size));
  },
};

function programAccounts(ledger: Ledger, program: Address, config: Record<string, unknown>) {
  const filters = (config.filters as AccountFilter[] | undefined) ?? [];
  const value: unknown[] = [];
  for (const account of ledger.svm.getProgramAccounts(program)) {
    const view = toAccountView(account.address, account);
    if (!filters.every((filter) => matchesFilter(view.data, filter))) continue;
    value.push({ account: encodeAccount(ledger, view, config), pubkey: account.address });
  }
  return config.withContext ? withContext(ledger, value) : value;
}

/** getProgramAccounts' `dataSize` and `memcmp` filters; other filters let every account through. */
function matchesFilter(data: Uint8Array, filter: AccountFilter): boolean {
  if (typeof filter.dataSize === 'number') return data.length === filter.dataSize;
  const memcmp = filter.memcmp as { offset: number; bytes: string; encoding?: string } | undefined;
  if (memcmp) {
    const bytes = memcmp.encoding === 'base64' ? fromBase64(memcmp.bytes) : fromBase58(memcmp.bytes);
    return bytes.every((b, i) => data[memcmp.offset + i] === b);
  }
  return true;
}
