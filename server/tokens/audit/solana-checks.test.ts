import { randomBytes } from 'node:crypto';
import { getAddressDecoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '@/server/chains/solana/programs';
import { mintChecks, parseMintAccount } from './solana-checks';

/** A random 32-byte key, and its base58 address. */
const key = () => {
  const bytes = randomBytes(32);
  return { bytes, address: getAddressDecoder().decode(bytes) };
};
const authority = key();
const hookProgram = key();

/** The 82-byte base mint: authority options and keys, supply, decimals, initialized. */
function baseMint(mint: boolean, freeze: boolean): Buffer {
  const data = Buffer.alloc(82);
  if (mint) {
    data.writeUInt32LE(1, 0);
    authority.bytes.copy(data, 4);
  }
  data.writeBigUInt64LE(10n ** 15n, 36);
  data[44] = 6;
  data[45] = 1;
  if (freeze) {
    data.writeUInt32LE(1, 46);
    authority.bytes.copy(data, 50);
  }
  return data;
}

function tlv(type: number, body: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16LE(type, 0);
  head.writeUInt16LE(body.length, 2);
  return Buffer.concat([head, body]);
}

function token2022(base: Buffer, ...extensions: Buffer[]): Buffer {
  const padded = Buffer.concat([base, Buffer.alloc(165 - base.length), Buffer.from([1])]);
  return Buffer.concat([padded, ...extensions]);
}

describe('SPL mint checks', () => {
  it('reads the authorities of a Token program mint', () => {
    const account = parseMintAccount(TOKEN_PROGRAM, baseMint(true, false))!;
    expect(account).toEqual({ program: 'token', mintAuthority: authority.address, freezeAuthority: undefined });
    expect(mintChecks(account).map((check) => [check.id, check.status])).toEqual([
      ['mint-authority', 'warn'],
      ['freeze-authority', 'pass'],
      ['transfer-fee', 'pass'],
      ['transfer-hook', 'pass'],
      ['permanent-delegate', 'pass'],
    ]);
  });

  it('finds Token-2022 transfer fee, transfer hook and permanent delegate extensions', () => {
    const fee = Buffer.alloc(108);
    authority.bytes.copy(fee, 0);
    fee.writeBigUInt64LE(5_000n, 32 + 32 + 8 + 18 + 8);
    fee.writeUInt16LE(250, 32 + 32 + 8 + 18 + 16);
    const hook = Buffer.concat([Buffer.alloc(32), hookProgram.bytes]);
    const data = token2022(baseMint(false, true), tlv(1, fee), tlv(18, Buffer.alloc(64)), tlv(14, hook), tlv(12, authority.bytes));
    const account = parseMintAccount(TOKEN_2022_PROGRAM, data)!;
    expect(account.transferFee).toEqual({ basisPoints: 250, maximumFee: 5_000n, authority: authority.address });
    expect(account.transferHook).toEqual({ authority: undefined, programId: hookProgram.address });
    expect(account.permanentDelegate).toBe(authority.address);
    const checks = mintChecks(account);
    expect(checks.map((check) => [check.id, check.status])).toEqual([
      ['mint-authority', 'pass'],
      ['freeze-authority', 'warn'],
      ['transfer-fee', 'warn'],
      ['transfer-hook', 'warn'],
      ['permanent-delegate', 'warn'],
    ]);
    expect(checks[2]!.detail).toBe(`Transfer fee 2.5\u00a0% (at most 5000 raw units), changeable by ${authority.address}`);
  });

  it('passes a Token-2022 mint without those extensions, and refuses accounts that are not mints', () => {
    const account = parseMintAccount(TOKEN_2022_PROGRAM, token2022(baseMint(false, false), tlv(18, Buffer.alloc(64))))!;
    expect(mintChecks(account).every((check) => check.status === 'pass')).toBe(true);
    expect(parseMintAccount('11111111111111111111111111111111', baseMint(true, true))).toBeUndefined();
    expect(parseMintAccount(TOKEN_PROGRAM, Buffer.alloc(40))).toBeUndefined();
  });
});
