'use client';

import { useConnection } from 'wagmi';
import { useSolanaWallet } from '@/components/providers/solana-wallet-provider';
import { CHAINS, type ChainFamily, type ChainId } from '@/server/chains/registry';
import { familyOf } from './chain-family';
import { useMounted } from './use-mounted';

export interface FamilyWallet {
  /** The connected account: 0x address on EVM, base58 public key on Solana. */
  address?: string;
  connected: boolean;
  /** Connecting or reconnecting (the button waits). */
  pending: boolean;
  /** EVM: the numeric chain id the wallet is on. Solana wallets have no chain to switch. */
  walletChainId?: number;
}

/** The connected wallet of one chain family, in one shape for the pages. */
export function useFamilyWallet(family: ChainFamily): FamilyWallet {
  const evm = useConnection();
  const solana = useSolanaWallet();
  // The server renders no Solana wallet: the first client render must say the same.
  const mounted = useMounted();
  if (family === 'solana') {
    const address = mounted && solana.connected ? solana.address : undefined;
    return { address, connected: !!address, pending: mounted && (solana.connecting || solana.disconnecting) };
  }
  const connected = evm.status === 'connected' && !!evm.address;
  return {
    address: connected ? evm.address : undefined,
    connected,
    pending: evm.status === 'connecting' || evm.status === 'reconnecting',
    walletChainId: evm.chainId,
  };
}

/** The connected wallet of the chain's family. */
export function useChainWallet(chain: ChainId): FamilyWallet {
  return useFamilyWallet(CHAINS[chain].family);
}

/** The wallet is on `chain`, so it can send there (only EVM wallets have a chain to be on). */
export function isWalletOn(wallet: FamilyWallet, chain: ChainId): boolean {
  return !familyOf(chain).walletHasChain || wallet.walletChainId === CHAINS[chain].chainId;
}
