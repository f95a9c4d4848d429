import type { Address } from '@solana/kit';
import { encodeAccount } from '../codecs/account-encoding';
import { isTokenProgram, parseMint, parseTokenAccount } from '../codecs/token-layouts';
import { uiTokenAmount } from '../codecs/ui-token-amount';
import { withContext } from '../codecs/with-context';
import { invalidParams } from '../errors/rpc-error';
import { toAccountView, type Ledger } from '../ledger/ledger';
import type { RpcMethod } from './rpc-method';
import { configOf, expectAddress } from './rpc-params';

export const tokenMethods: Record<string, RpcMethod> = {
  getTokenAccountsByOwner: ({ ledger }, params) => tokenAccountsByOwner(ledger, expectAddress(params[0]), configOf(params[1]), configOf(params[2])),
  getTokenAccountBalance: ({ ledger }, params) => {
    const account = ledger.readAccount(expectAddress(params[0]));
    const parsed = account && isTokenProgram(account.owner) ? parseTokenAccount(account.data) : null;
    if (!parsed) throw invalidParams('Invalid param: not a Token account');
    return withContext(ledger, uiTokenAmount(parsed.amount, ledger.mintDecimals(parsed.mint)));
  },
  getTokenSupply: ({ ledger }, params) => {
    const account = ledger.readAccount(expectAddress(params[0]));
    const mint = account && isTokenProgram(account.owner) ? parseMint(account.data) : null;
    if (!mint) throw invalidParams('Invalid param: not a Token mint');
    return withContext(ledger, uiTokenAmount(mint.supply, mint.decimals));
  },
};

function tokenAccountsByOwner(ledger: Ledger, owner: Address, filter: Record<string, unknown>, config: Record<string, unknown>) {
  const { program, mint } = tokenProgramOf(ledger, filter);
  const value: unknown[] = [];
  for (const account of ledger.svm.getProgramAccounts(program)) {
    const view = toAccountView(account.address, account);
    const parsed = parseTokenAccount(view.data);
    if (!parsed || parsed.owner !== owner || (mint && parsed.mint !== mint)) continue;
    value.push({ account: encodeAccount(ledger, view, config), pubkey: account.address });
  }
  return withContext(ledger, value);
}

/** The token program to scan, from the `mint` or `programId` filter (and the mint to match, if given). */
function tokenProgramOf(ledger: Ledger, filter: Record<string, unknown>): { program: Address; mint: Address | null } {
  if (typeof filter.mint === 'string') {
    const mint = expectAddress(filter.mint);
    const account = ledger.readAccount(mint);
    if (!account || !isTokenProgram(account.owner)) throw invalidParams('Invalid param: could not find mint');
    return { program: account.owner, mint };
  }
  if (typeof filter.programId === 'string') {
    const program = expectAddress(filter.programId);
    if (!isTokenProgram(program)) throw invalidParams('Invalid param: unrecognized Token program id');
    return { program, mint: null };
  }
  throw invalidParams('Invalid params: expected a mint or programId filter');
}
