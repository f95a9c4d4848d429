/**
 * A Solana mint's name and symbol: the Token-2022 metadata extension in the mint account, else the
 * Metaplex Token Metadata account (PDA ["metadata", program, mint]); undefined when the mint has neither.
 */
import { address, getAddressEncoder, getProgramDerivedAddress } from '@solana/kit';
import { z } from 'zod';
import type { ConfiguredChain } from '@/server/chains/chain-directory';

export const TOKEN_METADATA_PROGRAM = address('metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s');
const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAbS4EQHFkZLyJTH5sTnKHU3M';
/** Token-2022: extensions start after the 165-byte account area and a one-byte account type. */
const EXTENSIONS_OFFSET = 166;
const TOKEN_METADATA_EXTENSION = 19;

export interface MintMetadata {
  name: string;
  symbol: string;
}

const accountInfo = z.object({ value: z.object({ owner: z.string(), data: z.tuple([z.string(), z.literal('base64')]) }).nullable() });

export async function readMintMetadata(chain: ConfiguredChain, mint: string): Promise<MintMetadata | undefined> {
  const addresses = getAddressEncoder();
  const [metadataPda] = await getProgramDerivedAddress({
    programAddress: TOKEN_METADATA_PROGRAM,
    seeds: ['metadata', addresses.encode(TOKEN_METADATA_PROGRAM), addresses.encode(address(mint))],
  });
  const answers = await chain.rpc.requestBatch(
    [mint, metadataPda].map((address) => ({ method: 'getAccountInfo', params: [address, { encoding: 'base64', commitment: 'confirmed' }] })),
  );
  const [mintAccount, metadataAccount] = answers.map((answer) => {
    const parsed = answer.ok ? accountInfo.safeParse(answer.result) : undefined;
    return parsed?.success ? parsed.data.value : null;
  });
  if (mintAccount?.owner === TOKEN_2022_PROGRAM) {
    const fromExtension = token2022Metadata(Buffer.from(mintAccount.data[0], 'base64'));
    if (fromExtension) return fromExtension;
  }
  if (metadataAccount?.owner === TOKEN_METADATA_PROGRAM) return metaplexMetadata(Buffer.from(metadataAccount.data[0], 'base64'));
  return undefined;
}

/** Token-2022 TLV extensions: u16 type, u16 length, value. TokenMetadata: update authority, mint, name, symbol, uri. */
export function token2022Metadata(data: Buffer): MintMetadata | undefined {
  let offset = EXTENSIONS_OFFSET;
  while (offset + 4 <= data.length) {
    const type = data.readUInt16LE(offset);
    const length = data.readUInt16LE(offset + 2);
    if (type === TOKEN_METADATA_EXTENSION) return readNameSymbol(data.subarray(offset + 4, offset + 4 + length), 64);
    if (type === 0) return undefined;
    offset += 4 + length;
  }
  return undefined;
}

/** Metaplex metadata: key (1), update authority (32), mint (32), then name and symbol. */
export function metaplexMetadata(data: Buffer): MintMetadata | undefined {
  return readNameSymbol(data, 65);
}

/** Two Borsh strings (u32 length + UTF-8) at `offset`; Metaplex pads them with NULs. */
function readNameSymbol(data: Buffer, offset: number): MintMetadata | undefined {
  const read = (at: number): [string, number] | undefined => {
    if (at + 4 > data.length) return undefined;
    const length = data.readUInt32LE(at);
    if (at + 4 + length > data.length || length > 200) return undefined;
    return [
      data
        .subarray(at + 4, at + 4 + length)
        .toString('utf8')
        .replace(/\0+$/, '')
        .trim(),
      at + 4 + length,
    ];
  };
  const name = read(offset);
  const symbol = name ? read(name[1]) : undefined;
  return name && symbol ? { name: name[0], symbol: symbol[0] } : undefined;
}
