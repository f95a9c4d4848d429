import { getAddressDecoder, getBase58Decoder, getBase58Encoder, getBase64Decoder, getBase64Encoder, type Address, type ReadonlyUint8Array } from '@solana/kit';

const base58Decoder = getBase58Decoder();
const base58Encoder = getBase58Encoder();
const base64Decoder = getBase64Decoder();
const base64Encoder = getBase64Encoder();
const addressDecoder = getAddressDecoder();

export const toBase58 = (bytes: ReadonlyUint8Array): string => base58Decoder.decode(bytes);
export const fromBase58 = (text: string) => base58Encoder.encode(text);
export const toBase64 = (bytes: ReadonlyUint8Array): string => base64Decoder.decode(bytes);
export const fromBase64 = (text: string) => base64Encoder.encode(text);
export const toAddressString = (bytes: ReadonlyUint8Array): Address => addressDecoder.decode(bytes);

export function readU64(data: Uint8Array, offset: number): bigint {
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true);
}
export function readU32(data: Uint8Array, offset: number): number {
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(offset, true);
}
export const addressAt = (data: Uint8Array, offset: number) => addressDecoder.decode(data.subarray(offset, offset + 32));
