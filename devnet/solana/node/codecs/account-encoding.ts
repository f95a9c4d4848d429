import { RpcError, invalidParams } from '../errors/rpc-error';
import { TOKEN_PROGRAM } from '../constants';
import type { AccountView, Ledger } from '../ledger/ledger';
import { toBase58, toBase64 } from './bytes';
import { isTokenProgram, parseMint, parseTokenAccount } from './token-layouts';
import { uiTokenAmount } from './ui-token-amount';

const U64_MAX = 18446744073709551615n;

/** Token amounts in parsed accounts are shown with their mint's decimals. */
type MintDecimals = Pick<Ledger, 'mintDecimals'>;

/** An account as getAccountInfo and its relatives answer it, in the requested encoding. */
export function encodeAccount(mints: MintDecimals, account: AccountView | null, config: Record<string, unknown>): unknown {
  if (!account) return null;
  const encoding = (config.encoding as string | undefined) ?? 'base58';
  let data = account.data;
  const slice = config.dataSlice as { offset?: number; length?: number } | undefined;
  if (slice && typeof slice.offset === 'number' && typeof slice.length === 'number') {
    data = data.subarray(slice.offset, slice.offset + slice.length);
  }
  let encoded: unknown;
  if (encoding === 'jsonParsed') {
    encoded = (!slice && parsedAccountData(mints, account)) || [toBase64(data), 'base64'];
  } else if (encoding === 'base64') {
    encoded = [toBase64(data), 'base64'];
  } else if (encoding === 'base58' || encoding === 'binary') {
    if (data.length > 128) {
      throw new RpcError(-32600, 'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.');
    }
    encoded = encoding === 'binary' ? toBase58(data) : [toBase58(data), 'base58'];
  } else {
    throw invalidParams(`Invalid params: unknown variant \`${encoding}\`, expected one of \`binary\`, \`base58\`, \`base64\`, \`jsonParsed\``);
  }
  return {
    data: encoded,
    executable: account.executable,
    lamports: account.lamports,
    owner: account.owner,
    rentEpoch: U64_MAX,
    space: account.data.length,
  };
}

/** Subscriptions cannot answer with an error, so data too long for base58 goes out as base64. */
export function encodeAccountForNotification(mints: MintDecimals, account: AccountView | null, encoding: string): unknown {
  try {
    return encodeAccount(mints, account, { encoding });
  } catch {
    return encodeAccount(mints, account, { encoding: 'base64' });
  }
}

/** jsonParsed: SPL token accounts and mints; anything else falls back to base64. */
function parsedAccountData(mints: MintDecimals, account: AccountView): unknown {
  if (!isTokenProgram(account.owner)) return null;
  const program = account.owner === TOKEN_PROGRAM ? 'spl-token' : 'spl-token-2022';
  const tokenAccount = parseTokenAccount(account.data);
  if (tokenAccount) {
    const decimals = mints.mintDecimals(tokenAccount.mint);
    const info: Record<string, unknown> = {
      isNative: tokenAccount.isNative !== null,
      mint: tokenAccount.mint,
      owner: tokenAccount.owner,
      state: tokenAccount.state,
      tokenAmount: uiTokenAmount(tokenAccount.amount, decimals),
    };
    if (tokenAccount.delegate) {
      info.delegate = tokenAccount.delegate;
      info.delegatedAmount = uiTokenAmount(tokenAccount.delegatedAmount, decimals);
    }
    if (tokenAccount.isNative !== null) info.rentExemptReserve = uiTokenAmount(tokenAccount.isNative, 9);
    if (tokenAccount.closeAuthority) info.closeAuthority = tokenAccount.closeAuthority;
    return { program, parsed: { info, type: 'account' }, space: account.data.length };
  }
  const mint = parseMint(account.data);
  if (!mint) return null;
  return {
    program,
    parsed: {
      info: {
        decimals: mint.decimals,
        freezeAuthority: mint.freezeAuthority,
        isInitialized: mint.isInitialized,
        mintAuthority: mint.mintAuthority,
        supply: mint.supply.toString(),
      },
      type: 'mint',
    },
    space: account.data.length,
  };
}
