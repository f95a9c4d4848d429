/** The world's test tokens (world-spec.ts), deployed after the venues and before any pool is seeded. */
import type { Address } from 'viem';
import type { CompiledContracts } from './compile';
import type { Deployer } from './deployer';
import { TOKENS, usdToRaw, WNATIVE, type TokenKind, type TokenSpec } from './world-spec';

export interface EvmWorldToken {
  symbol: string;
  name: string;
  address: string;
  decimals: number;
  kind: TokenKind;
}

/** The wrapped native token, already deployed; its price is the chain's native price. */
export interface WrappedNativeToken extends EvmWorldToken {
  address: Address;
  priceUsd: number;
}

export interface WorldTokens {
  /** The wrapped native first, then the world spec's tokens in their order. */
  list: EvmWorldToken[];
  /** By world-spec symbol (`WNATIVE` for the wrapped native). */
  addressOf(symbol: string): Address;
  /** Raw amount of `symbol` worth `usd`. */
  amountFor(symbol: string, usd: number): bigint;
}

export async function deployTokens(deployer: Deployer, compiled: CompiledContracts, wrapped: WrappedNativeToken): Promise<WorldTokens> {
  const { priceUsd, ...wrappedToken } = wrapped;
  const bySymbol = new Map<string, { address: Address; decimals: number; priceUsd: number }>([
    [WNATIVE, { address: wrapped.address, decimals: wrapped.decimals, priceUsd }],
  ]);
  const list: EvmWorldToken[] = [wrappedToken];
  for (const spec of TOKENS) {
    const address = await deployToken(deployer, compiled, spec);
    bySymbol.set(spec.symbol, { address, decimals: spec.decimals, priceUsd: spec.priceUsd });
    list.push({ symbol: spec.symbol, name: spec.name, address, decimals: spec.decimals, kind: spec.kind });
  }
  const token = (symbol: string) => {
    const found = bySymbol.get(symbol);
    if (!found) throw new Error(`the world has no token ${symbol}`);
    return found;
  };
  return {
    list,
    addressOf: (symbol) => token(symbol).address,
    amountFor: (symbol, usd) => usdToRaw(usd, token(symbol).priceUsd, token(symbol).decimals),
  };
}

/** Tax and honeypot tokens have contracts of their own; the deployer owns them and holds the supply. */
function deployToken(deployer: Deployer, compiled: CompiledContracts, spec: TokenSpec): Promise<Address> {
  const supply = spec.supply * 10n ** BigInt(spec.decimals);
  if (spec.kind === 'tax') {
    return deployer.deploy(spec.symbol, compiled.TaxToken.abi, compiled.TaxToken.bytecode, [
      spec.name,
      spec.symbol,
      supply,
      BigInt(spec.buyTaxBps ?? 0),
      BigInt(spec.sellTaxBps ?? 0),
      BigInt(spec.burnBps ?? 0),
      deployer.address,
    ]);
  }
  if (spec.kind === 'honeypot') {
    return deployer.deploy(spec.symbol, compiled.HoneypotToken.abi, compiled.HoneypotToken.bytecode, [spec.name, spec.symbol, supply, deployer.address]);
  }
  return deployer.deploy(spec.symbol, compiled.TestToken.abi, compiled.TestToken.bytecode, [spec.name, spec.symbol, spec.decimals, supply, deployer.address]);
}
