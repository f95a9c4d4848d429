'use client';

import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ChainFamily } from '@/server/chains/registry';

/**
 * Which wallet the header shows: the one of the chain family the swap form is on. The EVM and the Solana
 * wallet stay connected side by side; switching the form's chain only changes which one is in front.
 */
interface WalletFamilyState {
  family: ChainFamily;
  setFamily: (family: ChainFamily) => void;
}

const WalletFamilyContext = createContext<WalletFamilyState>({ family: 'evm', setFamily: () => undefined });

export function WalletFamilyProvider({ children }: { children: ReactNode }) {
  const [family, setFamily] = useState<ChainFamily>('evm');
  const value = useMemo(() => ({ family, setFamily }), [family]);
  return <WalletFamilyContext.Provider value={value}>{children}</WalletFamilyContext.Provider>;
}

export function useWalletFamily(): WalletFamilyState {
  return useContext(WalletFamilyContext);
}
