/**
 * Part of the composition root: one object per chain family, joining the family's chain provider
 * (server/chains) with the family's part of each higher layer (its trading engine, bridge part, value
 * estimator, token reads and doctor checks). server/chains imports nothing above it, so the join is made here, and the
 * layers receive it injected as `families` (see server/chains/family-provider-types.ts for why).
 * Besides server/chains, this is the one place that keys anything by chain family. The objects are built per
 * services instance (createFamilyServices), since the EVM parts hold what their quotes and estimates remember.
 */
import type { BridgeFamily } from '@/server/bridge/bridge-chains';
import { evmBridgeFamily } from '@/server/bridge/evm/evm-bridge-family';
import { solanaBridgeFamily } from '@/server/bridge/solana/solana-bridge-family';
import { familyProvider } from '@/server/chains/chain-family';
import type { ChainFamilyProvider } from '@/server/chains/family-provider-types';
import { CHAINS, type ChainFamily, type ChainId } from '@/server/chains/registry';
import type { DoctorFamily } from '@/server/doctor/doctor';
import type { RoutingCaches } from '@/server/routing/routing-caches';
import { evmDoctorFamily } from '@/server/doctor/evm-doctor-family';
import { solanaDoctorFamily } from '@/server/doctor/solana-doctor-family';
import { evmTokenFamily } from '@/server/tokens/evm-token-family';
import { createEvmValueEstimator } from '@/server/tokens/evm-value';
import { solanaTokenFamily } from '@/server/tokens/solana-token-family';
import { solanaValueEstimator } from '@/server/tokens/solana-value';
import type { TokenFamily } from '@/server/tokens/token-family';
import type { ValueEstimator } from '@/server/tokens/value';
import { createEvmQuoteCaches } from '@/server/trading/evm/evm-quote-caches';
import { createEvmTradingEngine } from '@/server/trading/evm/evm-trading-engine';
import { solanaTradingEngine } from '@/server/trading/solana/solana-trading-engine';
import type { TradingEngine } from '@/server/trading/trading-engines';

export interface FamilyServices {
  chain: ChainFamilyProvider;
  trading: TradingEngine;
  bridge: BridgeFamily;
  value: ValueEstimator;
  tokens: TokenFamily;
  doctor: DoctorFamily;
}

/**
 * The family object of each chain, for one services instance: what `families` is wherever a layer asks for
 * it. The EVM quotes and value estimates share `routing`'s memory, as a quote and an estimate over the same
 * pools read them once.
 */
export function createFamilyServices(routing: RoutingCaches): (chain: ChainId) => FamilyServices {
  const byFamily: Readonly<Record<ChainFamily, FamilyServices>> = {
    evm: {
      chain: familyProvider('evm'),
      trading: createEvmTradingEngine(createEvmQuoteCaches(routing)),
      bridge: evmBridgeFamily,
      value: createEvmValueEstimator(routing),
      tokens: evmTokenFamily,
      doctor: evmDoctorFamily,
    },
    solana: {
      chain: familyProvider('solana'),
      trading: solanaTradingEngine,
      bridge: solanaBridgeFamily,
      value: solanaValueEstimator,
      tokens: solanaTokenFamily,
      doctor: solanaDoctorFamily,
    },
  };
  return (chain) => byFamily[CHAINS[chain].family];
}
