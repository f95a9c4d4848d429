import { describe, expect, it } from 'vitest';
import { createBalanceReader } from '@/server/balances/balance-reader';
import { createChainDirectory } from '@/server/chain-directory-setup';
import { loadConfig } from '@/server/config/env';
import { solanaTradingFrom } from './solana-trading';

describe('Solana route selection', () => {
  const env = { RPC_URL_SOL: 'http://127.0.0.1:9' };

  it('routes through Jupiter when JUPITER_API_URL is set, with the configured fee collector', () => {
    const config = loadConfig({
      ...env,
      JUPITER_API_URL: 'https://lite-api.jup.ag/swap/v1',
      FEE_COLLECTOR_SOL: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    });
    const chains = createChainDirectory(config, undefined);
    const trading = solanaTradingFrom(config, chains.SOL, undefined, createBalanceReader(chains));
    expect(trading?.source.venue).toBe('JUPITER');
    expect(trading?.maker).toBeUndefined();
    expect(trading?.feeCollector).toBe('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
  });

  it('needs a fee collector with Jupiter, and has no route without Jupiter or a local maker', () => {
    const jupiterOnly = loadConfig({ ...env, JUPITER_API_URL: 'https://lite-api.jup.ag/swap/v1' });
    const chains = createChainDirectory(jupiterOnly, undefined);
    expect(() => solanaTradingFrom(jupiterOnly, chains.SOL, undefined, createBalanceReader(chains))).toThrow(/FEE_COLLECTOR_SOL/);
    const offline = loadConfig(env);
    expect(solanaTradingFrom(offline, chains.SOL, undefined, createBalanceReader(chains))).toBeUndefined();
  });
});
