'use client';

import { useEffect } from 'react';
import { useNeedSolana } from '@/components/providers/solana-wallet-provider';
import { CHAINS, type ChainId } from '@/server/chains/registry';
import { useWalletFamily } from './wallet-family';

/** The header shows the wallet of the chain's family while the calling form is open, and the EVM one again after. */
export function useHeaderWalletFamily(chain: ChainId) {
  const { family } = CHAINS[chain];
  const { setFamily } = useWalletFamily();
  // A form on Solana needs the Solana wallet, whose libraries load only now.
  useNeedSolana(family === 'solana');
  useEffect(() => {
    setFamily(family);
    return () => setFamily('evm');
  }, [family, setFamily]);
}
