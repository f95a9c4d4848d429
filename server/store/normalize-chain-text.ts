/** EVM hex is case-insensitive and stored lower-case; base58 (Solana) is case-sensitive and kept as is. */
export function normalizeChainText(text: string): string {
  return text.startsWith('0x') ? text.toLowerCase() : text;
}
