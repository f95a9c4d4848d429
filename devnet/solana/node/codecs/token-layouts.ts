import type { Address } from '@solana/kit';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../constants';
import { addressAt, readU32, readU64 } from './bytes';

export const isTokenProgram = (owner: string) => owner === TOKEN_PROGRAM || owner === TOKEN_2022_PROGRAM;

export interface ParsedTokenAccount {
  mint: Address;
  owner: Address;
  amount: bigint;
  delegate: Address | null;
  state: 'uninitialized' | 'initialized' | 'frozen';
  isNative: bigint | null;
  delegatedAmount: bigint;
  closeAuthority: Address | null;
}

/** SPL token account (165 bytes; Token-2022 accounts carry account type 2 at byte 165). */
export function parseTokenAccount(data: Uint8Array): ParsedTokenAccount | null {
  if (data.length < 165 || (data.length > 165 && data[165] !== 2)) return null;
  const stateByte = data[108];
  if (stateByte === 0 || stateByte === undefined || stateByte > 2) return null;
  return {
    mint: addressAt(data, 0),
    owner: addressAt(data, 32),
    amount: readU64(data, 64),
    delegate: readU32(data, 72) === 1 ? addressAt(data, 76) : null,
    state: stateByte === 2 ? 'frozen' : 'initialized',
    isNative: readU32(data, 109) === 1 ? readU64(data, 113) : null,
    delegatedAmount: readU64(data, 121),
    closeAuthority: readU32(data, 129) === 1 ? addressAt(data, 133) : null,
  };
}

export interface ParsedMint {
  mintAuthority: Address | null;
  supply: bigint;
  decimals: number;
  isInitialized: boolean;
  freezeAuthority: Address | null;
}

/** SPL mint (82 bytes; Token-2022 mints with extensions carry account type 1 at byte 165). */
export function parseMint(data: Uint8Array): ParsedMint | null {
  if (data.length < 82 || (data.length > 82 && (data.length < 166 || data[165] !== 1))) return null;
  if (data[45] !== 1) return null;
  return {
    mintAuthority: readU32(data, 0) === 1 ? addressAt(data, 4) : null,
    supply: readU64(data, 36),
    decimals: data[44] ?? 0,
    isInitialized: true,
    freezeAuthority: readU32(data, 46) === 1 ? addressAt(data, 50) : null,
  };
}
