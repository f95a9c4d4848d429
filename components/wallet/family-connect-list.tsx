'use client';

import type { ChainFamily } from '@/server/chains/registry';
import { SolanaWalletList } from './solana-wallet-button';
import { ConnectorList } from './wallet-button';

/** The wallets to connect for one chain family. */
export function FamilyConnectList({ family, onDone }: { family: ChainFamily; onDone: () => void }) {
  return family === 'solana' ? <SolanaWalletList onDone={onDone} /> : <ConnectorList onDone={onDone} />;
}
