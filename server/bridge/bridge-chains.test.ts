/**
 * What a bridge to or from a chain says when the chain cannot be bridged here: the settings it lacks (SOL's
 * USD price needs Jupiter where no local maker runs), and Jupiter being unreachable when SOL's price needs it,
 * never a missing stable pool nor anything of Jupiter's URL or key.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { createKeyPairSignerFromPrivateKeyBytes, getAddressEncoder, getBase58Decoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { createBalanceReader } from '@/server/balances/balance-reader';
import { createChainDirectory } from '@/server/chain-directory-setup';
import { loadConfig } from '@/server/config/env';
import { AppError } from '@/server/errors';
import { createPriorityFeeReader } from '@/server/fees/priority-fees';
import { solanaTradingFrom } from '@/server/trading/solana/solana-trading';
import { nativeBridgeToken, type BridgeChain } from './bridge-chain';
import { bridgeChainsFrom } from './bridge-chains';
import { bridgeChain } from './bridge-deps';
import { priceRoute } from './bridge-route';
import { createFamilyServices } from '@/server/family-services';
import { createRoutingCaches } from '@/server/routing/routing-caches';

const seed = randomBytes(32);
const solverAddress = (await createKeyPairSignerFromPrivateKeyBytes(seed)).address;
/** A Solana secret key: the seed, then the public key. */
const solverSecret = Buffer.concat([seed, Uint8Array.from(getAddressEncoder().encode(solverAddress))]);
/** A production SOL bridge as the trial set it up: an RPC, the solver's key and the depository (the solver's address). */
const SOL_BRIDGE_ENV = {
  RPC_URL_SOL: 'http://127.0.0.1:9',
  SOLVER_SECRET_KEY_SOL: getBase58Decoder().decode(solverSecret),
  DEPOSITORY_ADDRESS_SOL: solverAddress,
};

function bridgeChainsOf(env: Record<string, string>) {
  const config = loadConfig(env);
  const chains = createChainDirectory(config, undefined);
  const solana = solanaTradingFrom(config, chains.SOL, undefined, createBalanceReader(chains));
  return bridgeChainsFrom({
    config,
    chains,
    families: createFamilyServices(createRoutingCaches()),
    manifest: undefined,
    fees: createPriorityFeeReader(chains),
    solana,
  });
}

async function refusal(work: () => unknown): Promise<AppError> {
  const error = await Promise.resolve()
    .then(work)
    .then(
      () => undefined,
      (reason: unknown) => reason,
    );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('bridge chains this server cannot bridge', () => {
  it('name JUPITER_API_URL, not the solver key or depository, when a SOL bridge has both but no price source', async () => {
    const found = bridgeChainsOf(SOL_BRIDGE_ENV);
    expect(found.chains.SOL).toBeUndefined();
    expect(found.missing.SOL).toBe('no USD price for SOL: it comes from Jupiter where no local maker runs, and JUPITER_API_URL is not set');

    for (const [field, direction] of [
      ['destination', 'to'],
      ['source', 'from'],
      ['sourceChain', 'from'],
    ] as const) {
      const error = await refusal(() => bridgeChain(found, 'SOL', field));
      expect(error.code).toBe('NO_ROUTE');
      expect(error.field).toBe(field);
      expect(error.message).toBe(
        `${field}: bridging ${direction} SOL is not configured on this server: no USD price for SOL: it comes from Jupiter where no local maker runs, and JUPITER_API_URL is not set.`,
      );
    }
  });

  it('name every setting a chain lacks', () => {
    const found = bridgeChainsOf(SOL_BRIDGE_ENV);
    // BASE has its venues in the address book; STORY has no entry there.
    expect(found.missing.BASE).toBe('no RPC (RPC_URL_BASE); no depository (DEPOSITORY_ADDRESS_BASE); no solver key (SOLVER_PRIVATE_KEY)');
    expect(found.missing.STORY).toBe(
      'no RPC (RPC_URL_STORY); no depository (DEPOSITORY_ADDRESS_STORY); no solver key (SOLVER_PRIVATE_KEY); no venues to price IP in USD (VENUES_STORY)',
    );
  });

  it('say Jupiter cannot be reached, never a missing stable pool nor its URL or key, when SOL is priced through a Jupiter that is down', async () => {
    const found = bridgeChainsOf({
      ...SOL_BRIDGE_ENV,
      JUPITER_API_URL: `http://127.0.0.1:${await closedPort()}/url-key-7f3a9c/swap/v1`,
      JUPITER_API_KEY: 'header-key-51b2',
      FEE_COLLECTOR_SOL: solverAddress,
    });
    const sol = found.chains.SOL!;
    expect(sol).toBeDefined();
    // The other side of the bridge prices its native coin fine.
    const base = {
      chain: 'BASE',
      assets: [{ address: nativeBridgeToken('BASE').address, decimals: 18, kind: 'native' }],
      nativeUsdRange: async () => ({ spot: 3_000, low: 3_000, high: 3_000 }),
    } as Partial<BridgeChain> as BridgeChain;

    const error = await refusal(() =>
      priceRoute({ feeBps: 10 } as Parameters<typeof priceRoute>[0], {
        source: base,
        destination: sol,
        tokenIn: nativeBridgeToken('BASE'),
        tokenOut: nativeBridgeToken('SOL'),
        amountIn: 10n ** 17n,
        trader: '0x0000000000000000000000000000000000000001',
        recipient: solverAddress,
        slippageBps: 50,
        priceOnly: false,
        approval: 'unlimited',
      }),
    );
    expect(error.code).toBe('CHAIN_UNAVAILABLE');
    expect(error.httpStatus).toBe(503);
    expect(error.message).toBe('Jupiter cannot be reached: the quote request failed (ECONNREFUSED). Try again shortly.');
    expect(error.message).not.toMatch(/stable pool|url-key-7f3a9c|header-key-51b2/);
  });
});
