/**
 * The doctor on SOL: the RPC serves Solana's mainnet (on a real chain); quotes, trades, prices and bridging
 * have their route source (Jupiter with a fee collector, or the local world's maker); the depository is the
 * solver itself (deposits on SOL are transfers to it); the solver holds something to pay fills with.
 */
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import { getBalance } from '@/server/chains/solana/actions/get-balance';
import type { Config } from '@/server/config/env';
import type { ChainCheck } from './evm-checks';
import { NO_CAPABILITIES, type Finding } from './doctor-report';

/** Solana mainnet-beta's genesis hash: an RPC of another cluster (devnet, testnet, a local node) answers another. */
export const SOLANA_MAINNET_GENESIS = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dJZo1c';

export interface SolanaCheckInput {
  chain: ConfiguredChain;
  config: Pick<Config, 'localWorld' | 'JUPITER_API_URL' | 'FEE_COLLECTOR_SOL' | 'SOLVER_SECRET_KEY_SOL'>;
  /** Quotes have a route source here (the maker, or Jupiter). */
  routed: boolean;
  depository: { address: string; fromEnv: boolean } | undefined;
  /** The solver's address on SOL (its key, or the world's solver). */
  solver: string | undefined;
}

export async function checkSolana(input: SolanaCheckInput): Promise<ChainCheck> {
  const { chain, config } = input;
  const faults: Finding[] = [];
  const warnings: Finding[] = [];
  const notes: string[] = [];
  // Configuration: checked whether or not the RPC answers (and with Jupiter set though SOL has no RPC yet).
  if (!config.localWorld && (chain.available || config.JUPITER_API_URL)) routeSourceFaults(config, faults);
  if (!chain.available) return { faults, warnings, capabilities: { rpc: 'none', ...NO_CAPABILITIES, notes: ['no RPC configured'] } };
  let genesis: string;
  try {
    genesis = await chain.rpc.request<string>('getGenesisHash');
  } catch (error) {
    warnings.push({ subject: 'RPC_URL_SOL', message: `did not answer: ${error instanceof Error ? error.message : String(error)}` });
    return { faults, warnings, capabilities: { rpc: 'unreachable', ...NO_CAPABILITIES, notes: ['the RPC did not answer'] } };
  }
  // A warning, not a fault: a test cluster (devnet, a local validator) standing in for mainnet is a choice.
  if (!config.localWorld && genesis !== SOLANA_MAINNET_GENESIS) {
    warnings.push({ subject: 'RPC_URL_SOL', message: `serves another cluster than Solana mainnet (genesis hash ${genesis}).` });
  }
  const routed = input.routed && faults.length === 0;
  if (!routed) notes.push('no route source: set JUPITER_API_URL and FEE_COLLECTOR_SOL');
  const bridge = await bridgeState(input, faults, warnings, notes);
  return {
    faults,
    warnings,
    capabilities: { rpc: 'ok', quote: routed, trade: routed, tokenData: true, bridgeFrom: bridge.from && routed, bridgeTo: bridge.to && routed, notes },
    tradingOff: routed ? undefined : notes.join('; '),
  };
}

/** On a real chain every Solana quote, price and bridge goes through Jupiter, and its trades pay a fee collector. */
function routeSourceFaults(config: SolanaCheckInput['config'], faults: Finding[]): void {
  if (!config.JUPITER_API_URL) {
    faults.push({
      subject: 'JUPITER_API_URL',
      message: 'RPC_URL_SOL is set but JUPITER_API_URL is not: quotes, trades, token prices and bridging on SOL go through Jupiter.',
    });
  }
  if (!config.FEE_COLLECTOR_SOL) {
    faults.push({
      subject: 'FEE_COLLECTOR_SOL',
      message: 'FEE_COLLECTOR_SOL is not set: Solana trades (through Jupiter) pay their fees to it. Set it to the wallet that receives them.',
    });
  }
}

async function bridgeState(input: SolanaCheckInput, faults: Finding[], warnings: Finding[], notes: string[]): Promise<{ from: boolean; to: boolean }> {
  if (!input.solver) {
    notes.push('no solver key (SOLVER_SECRET_KEY_SOL): no bridging');
    return { from: false, to: false };
  }
  if (!input.depository) return { from: false, to: false };
  if (input.depository.address !== input.solver) {
    faults.push({
      subject: input.depository.fromEnv ? 'DEPOSITORY_ADDRESS_SOL' : 'SOL',
      message: `deposits would go to ${input.depository.address}, but the solver is ${input.solver}: on SOL the depository is the solver itself.`,
    });
    return { from: false, to: false };
  }
  const balance = await getBalance(input.chain.rpc, input.solver).catch(() => undefined);
  if (!balance) {
    warnings.push({ subject: 'SOL', message: `the solver ${input.solver} holds nothing here: no fill can be paid on SOL.` });
    notes.push('the solver holds nothing here');
    return { from: true, to: false };
  }
  return { from: true, to: true };
}
