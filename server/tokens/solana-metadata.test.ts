import { describe, expect, it } from 'vitest';
import { metaplexMetadata, token2022Metadata } from './solana-metadata';

const borsh = (text: string, pad = 0) => {
  const bytes = Buffer.concat([Buffer.from(text, 'utf8'), Buffer.alloc(pad)]);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(bytes.length);
  return Buffer.concat([length, bytes]);
};

describe('Solana mint metadata', () => {
  it('reads name and symbol from a Metaplex metadata account (NUL-padded)', () => {
    const data = Buffer.concat([Buffer.from([4]), Buffer.alloc(64), borsh('Alpha Token', 21), borsh('ALPHA', 5), borsh('https://x', 190)]);
    expect(metaplexMetadata(data)).toEqual({ name: 'Alpha Token', symbol: 'ALPHA' });
  });

  it('reads the Token-2022 metadata extension, skipping other extensions', () => {
    const value = Buffer.concat([Buffer.alloc(64), borsh('Beta'), borsh('BETA'), borsh('uri')]);
    const tlv = (type: number, body: Buffer) => {
      const header = Buffer.alloc(4);
      header.writeUInt16LE(type, 0);
      header.writeUInt16LE(body.length, 2);
      return Buffer.concat([header, body]);
    };
    const data = Buffer.concat([Buffer.alloc(165), Buffer.from([1]), tlv(18, Buffer.alloc(64)), tlv(19, value)]);
    expect(token2022Metadata(data)).toEqual({ name: 'Beta', symbol: 'BETA' });
    expect(token2022Metadata(Buffer.concat([Buffer.alloc(165), Buffer.from([1])]))).toBeUndefined();
  });

  it('refuses truncated data', () => {
    expect(metaplexMetadata(Buffer.alloc(70))).toBeUndefined();
  });
});
