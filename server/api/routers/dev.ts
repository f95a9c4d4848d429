import type { DevnetManifest } from '@/server/chains/devnet-manifest';
import { sendTestFunds } from '@/server/devnet/faucet';
import { requireLocalWorld } from '@/server/devnet/local-world';
import { devnet, faucet } from '../contract/dev';
import { endpointProcedure, router } from '../trpc';

/** Pages get the world without account keys: even test keys stay out of the browser. */
function withoutKeys(chains: DevnetManifest['chains']): DevnetManifest['chains'] {
  return Object.fromEntries(Object.entries(chains).map(([id, chain]) => [id, {
    ...chain,
    accounts: chain.accounts.map(({ address }) => ({ address })),
    treasury: chain.treasury ? { address: chain.treasury.address } : undefined,
    maker: undefined,
  }]));
}

export const devRouter = router({
  devnet: endpointProcedure(devnet).query(({ ctx }) => {
    const { chains } = requireLocalWorld(ctx.services.localWorld).manifest;
    return { success: true as const, chains: ctx.principal?.kind === 'session' ? withoutKeys(chains) : chains };
  }),
  faucet: endpointProcedure(faucet).mutation(({ ctx, input }) => sendTestFunds(requireLocalWorld(ctx.services.localWorld), input)),
});
