/**
 * Solana trading's pieces for this server, from configuration: with JUPITER_API_URL, Jupiter's route and
 * FEE_COLLECTOR_SOL; otherwise, on the local world, the maker venue (its key and fee collector from the
 * devnet manifest).
 */
import { address, getBase58Encoder } from '@solana/kit';
import type { BalanceReader } from '@/server/balances/balance-reader';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import type { DevnetManifest } from '@/server/chains/devnet-manifest';
import { solanaKeyPair } from '@/server/chains/solana/key-pair';
import type { Config } from '@/server/config/env';
import { ConfigError } from '@/server/config/env';
import { createJupiterRouteSource } from '@/server/venues/solana/jupiter';
import { createMakerRouteSource } from '@/server/venues/solana/maker';
import { createSolanaMints } from '@/server/venues/solana/solana-mints';
import type { SolanaTrading } from '@/server/venues/solana/solana-market';

/** Mainnet USDC: the USD reference for SOL prices on Jupiter routes. */
const MAINNET_USDC = { address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', decimals: 6 };

export function solanaTradingFrom(
  config: Pick<Config, 'JUPITER_API_URL' | 'JUPITER_API_KEY' | 'FEE_COLLECTOR_SOL' | 'RPC_TIMEOUT_MS'>,
  chain: ConfiguredChain,
  manifest: DevnetManifest | undefined,
  balances: BalanceReader,
): SolanaTrading | undefined {
  if (!config.JUPITER_API_URL) return solanaTradingFromWorld(chain, manifest, balances);
  if (!config.FEE_COLLECTOR_SOL)
    throw new ConfigError('Invalid configuration: FEE_COLLECTOR_SOL is required with JUPITER_API_URL (the wallet that receives Solana trading fees)');
  return {
    source: createJupiterRouteSource({ baseUrl: config.JUPITER_API_URL, timeoutMs: config.RPC_TIMEOUT_MS, apiKey: config.JUPITER_API_KEY }),
    mints: createSolanaMints(chain),
    feeCollector: address(config.FEE_COLLECTOR_SOL),
    stable: MAINNET_USDC,
  };
}

function solanaTradingFromWorld(chain: ConfiguredChain, manifest: DevnetManifest | undefined, balances: BalanceReader): SolanaTrading | undefined {
  const entry = manifest?.chains.SOL;
  const makerKey = (entry as { maker?: { secretKey?: string } } | undefined)?.maker?.secretKey;
  const feeCollector = entry?.contracts.feeCollector;
  if (!chain.available || !entry || !makerKey || !feeCollector) return undefined;
  const maker = solanaKeyPair(Uint8Array.from(getBase58Encoder().encode(makerKey)));
  const mints = createSolanaMints(chain);
  const stable = entry.tokens.find((token) => token.kind === 'stable');
  return {
    source: createMakerRouteSource({ maker: maker.address, balances, mints }),
    mints,
    feeCollector: address(feeCollector),
    maker,
    stable: stable ? { address: stable.address, decimals: stable.decimals } : undefined,
  };
}
