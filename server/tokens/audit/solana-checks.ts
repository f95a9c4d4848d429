/**
 * Our own checks of an SPL mint, from the mint account alone (one getAccountInfo): the 82-byte base layout
 * gives the mint and freeze authorities; a Token-2022 mint carries extensions as TLV entries after its
 * account-type byte at offset 165, of which a transfer fee, a transfer hook and a permanent delegate let
 * someone take from or block holders.
 */
import { getAddressDecoder } from '@solana/kit';
import { z } from 'zod';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import { requestChecked } from '@/server/chains/rpc-answers';
import { formatPercent } from '@/server/display/number-text';
import { AppError } from '@/server/errors';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '@/server/chains/solana/programs';
import type { AuditCheck } from './verdict';

const MINT_SIZE = 82;
/** Token-2022 pads a mint to an account's size, then writes the account type (1 = mint) and the TLV entries. */
const ACCOUNT_TYPE_OFFSET = 165;
const TLV_START = ACCOUNT_TYPE_OFFSET + 1;
const EXTENSION = { transferFeeConfig: 1, permanentDelegate: 12, transferHook: 14 } as const;
/** TransferFeeConfig: two authorities (32 + 32), withheld u64, older fee (epoch u64, max u64, bps u16), newer fee. */
const NEWER_FEE_BPS_OFFSET = 32 + 32 + 8 + 18 + 16;
const NEWER_FEE_MAX_OFFSET = 32 + 32 + 8 + 18 + 8;

export interface MintAccount {
  program: 'token' | 'token-2022';
  mintAuthority?: string;
  freezeAuthority?: string;
  /** Token-2022 TransferFeeConfig: the newer fee (the one in force from its epoch on). */
  transferFee?: { basisPoints: number; maximumFee: bigint; authority?: string };
  transferHook?: { programId?: string; authority?: string };
  permanentDelegate?: string;
}

const accountInfo = z.object({
  value: z.object({ owner: z.string(), data: z.tuple([z.string(), z.literal('base64')]) }).nullable(),
});

export async function solanaChecks(chain: ConfiguredChain, mint: string): Promise<AuditCheck[]> {
  const { value } = await requestChecked(chain.rpc, 'getAccountInfo', [mint, { encoding: 'base64', commitment: 'confirmed' }], accountInfo);
  const parsed = value ? parseMintAccount(value.owner, Buffer.from(value.data[0], 'base64')) : undefined;
  if (!parsed) throw new AppError('NOT_FOUND', `No SPL mint at ${mint} on SOL.`);
  return mintChecks(parsed);
}

export function parseMintAccount(owner: string, data: Buffer): MintAccount | undefined {
  if ((owner !== TOKEN_PROGRAM && owner !== TOKEN_2022_PROGRAM) || data.length < MINT_SIZE) return undefined;
  const account: MintAccount = {
    program: owner === TOKEN_PROGRAM ? 'token' : 'token-2022',
    mintAuthority: data.readUInt32LE(0) === 1 ? key(data, 4) : undefined,
    freezeAuthority: data.readUInt32LE(46) === 1 ? key(data, 50) : undefined,
  };
  if (account.program !== 'token-2022' || data.length <= TLV_START) return account;
  for (let at = TLV_START; at + 4 <= data.length;) {
    const type = data.readUInt16LE(at);
    const length = data.readUInt16LE(at + 2);
    const body = data.subarray(at + 4, at + 4 + length);
    if (type === 0 || body.length < length) break;
    if (type === EXTENSION.transferFeeConfig && length >= NEWER_FEE_BPS_OFFSET + 2) {
      account.transferFee = {
        basisPoints: body.readUInt16LE(NEWER_FEE_BPS_OFFSET),
        maximumFee: body.readBigUInt64LE(NEWER_FEE_MAX_OFFSET),
        authority: optionalKey(body, 0),
      };
    } else if (type === EXTENSION.transferHook && length >= 64) {
      account.transferHook = { authority: optionalKey(body, 0), programId: optionalKey(body, 32) };
    } else if (type === EXTENSION.permanentDelegate && length >= 32) {
      account.permanentDelegate = optionalKey(body, 0);
    }
    at += 4 + length;
  }
  return account;
}

export function mintChecks(mint: MintAccount): AuditCheck[] {
  const checks: AuditCheck[] = [
    mint.mintAuthority
      ? { id: 'mint-authority', status: 'warn', detail: `Mint authority ${mint.mintAuthority} can create more tokens` }
      : { id: 'mint-authority', status: 'pass', detail: 'No mint authority: the supply is fixed' },
    mint.freezeAuthority
      ? { id: 'freeze-authority', status: 'warn', detail: `Freeze authority ${mint.freezeAuthority} can freeze holders' token accounts` }
      : { id: 'freeze-authority', status: 'pass', detail: 'No freeze authority' },
  ];
  if (mint.program === 'token') {
    const detail = 'Token program mint: no Token-2022 extensions';
    return [
      ...checks,
      { id: 'transfer-fee', status: 'pass', detail },
      { id: 'transfer-hook', status: 'pass', detail },
      { id: 'permanent-delegate', status: 'pass', detail },
    ];
  }
  const fee = mint.transferFee;
  const hook = mint.transferHook;
  return [
    ...checks,
    fee
      ? {
          id: 'transfer-fee',
          status: 'warn',
          detail: `Transfer fee ${formatPercent(fee.basisPoints / 100)} (at most ${fee.maximumFee} raw units)${fee.authority ? `, changeable by ${fee.authority}` : ''}`,
        }
      : { id: 'transfer-fee', status: 'pass', detail: 'No transfer fee extension' },
    hook && (hook.programId || hook.authority)
      ? {
          id: 'transfer-hook',
          status: 'warn',
          detail: `Transfers call program ${hook.programId ?? '(none yet)'}${hook.authority ? `, changeable by ${hook.authority}` : ''}`,
        }
      : { id: 'transfer-hook', status: 'pass', detail: 'No transfer hook' },
    mint.permanentDelegate
      ? { id: 'permanent-delegate', status: 'warn', detail: `Permanent delegate ${mint.permanentDelegate} can move or burn anyone's tokens` }
      : { id: 'permanent-delegate', status: 'pass', detail: 'No permanent delegate' },
  ];
}

function key(data: Buffer, offset: number): string {
  return getAddressDecoder().decode(data.subarray(offset, offset + 32));
}

/** Token-2022's OptionalNonZeroPubkey: all zero bytes mean none. */
function optionalKey(data: Buffer, offset: number): string | undefined {
  const bytes = data.subarray(offset, offset + 32);
  return bytes.every((byte) => byte === 0) ? undefined : key(data, offset);
}
