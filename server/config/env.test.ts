import { describe, expect, it } from 'vitest';
import { CHAINS } from '@/server/chains/registry';
import { ConfigError, loadConfig } from './env';

const realChain = { RPC_URL_ETH: 'https://eth.example' };

describe('BRIDGE_CONFIRMATIONS_<CHAIN>', () => {
  it('defaults to the chain table off the local world, and to 1 (mined) on it', () => {
    const real = loadConfig(realChain);
    expect(real.localWorld).toBe(false);
    expect(real.chains.ETH.bridgeConfirmations).toBe(CHAINS.ETH.depositConfirmations);
    expect(real.chains.SOL.bridgeConfirmations).toBe(CHAINS.SOL.depositConfirmations);
    const local = loadConfig({});
    expect(local.localWorld).toBe(true);
    expect(local.chains.ETH.bridgeConfirmations).toBe(1);
    expect(local.chains.SOL.bridgeConfirmations).toBe(1);
  });

  it("sets one chain's depth, on the local world too", () => {
    const config = loadConfig({ BRIDGE_CONFIRMATIONS_BASE: '3', BRIDGE_CONFIRMATIONS_SOL: '32' });
    expect(config.chains.BASE.bridgeConfirmations).toBe(3);
    expect(config.chains.SOL.bridgeConfirmations).toBe(32);
    expect(config.chains.ARB.bridgeConfirmations).toBe(1);
    expect(loadConfig({ ...realChain, BRIDGE_CONFIRMATIONS_ETH: '12' }).chains.ETH.bridgeConfirmations).toBe(12);
  });

  it('refuses what is not a whole number of blocks in range, naming the variable', () => {
    for (const [name, value] of [
      ['BRIDGE_CONFIRMATIONS_ETH', '0'],
      ['BRIDGE_CONFIRMATIONS_ETH', '2.5'],
      ['BRIDGE_CONFIRMATIONS_BASE', 'six'],
      ['BRIDGE_CONFIRMATIONS_SOL', '33'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value })).toThrow(name);
    }
  });
});
