/** What names a token on any chain: its address, symbol, name and decimals (the tokens layer's KnownToken adds more). */
export interface TokenMetadata {
  address: string;
  symbol: string;
  name: string;
  decimals: number;
}
