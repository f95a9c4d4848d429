const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const INDEX = new Map([...ALPHABET].map((char, index) => [char, index]));

/** Decodes base58 (Bitcoin alphabet). Returns undefined for text that is not base58. */
export function decodeBase58(text: string): Uint8Array | undefined {
  let value = 0n;
  for (const char of text) {
    const digit = INDEX.get(char);
    if (digit === undefined) return undefined;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.push(Number(value & 0xffn));
    value >>= 8n;
  }
  for (const char of text) {
    if (char !== '1') break;
    bytes.push(0);
  }
  return Uint8Array.from(bytes.reverse());
}

/** A Solana address is base58 text of 32 to 44 characters that decodes to exactly 32 bytes. */
export function isSolanaAddress(text: string): boolean {
  if (text.length < 32 || text.length > 44) return false;
  return decodeBase58(text)?.length === 32;
}
