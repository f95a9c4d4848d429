'use client';

import { useEffect } from 'react';
import type { ChainFamily } from '@/server/chains/registry';
import { useWalletFamily } from './wallet-family';

/** The header shows the wallet of `family` while the calling form is open, and the EVM one again after. */
export function useHeaderWalletFamily(family: ChainFamily) {
  const { setFamily } = useWalletFamily();
  useEffect(() => {
    setFamily(family);
    return () => setFamily('evm');
  }, [family, setFamily]);
}
