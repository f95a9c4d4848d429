'use client';

import { WalletReadyState, type WalletName } from '@solana/wallet-adapter-base';
import { useWallet } from '@solana/wallet-adapter-react';
import { useEffect, useState } from 'react';
import { useSolanaWalletError } from '@/components/providers/solana-wallet-provider';
import { describeError } from '@/components/swap/lib/error-messages';
import { shortAddress } from '@/components/swap/lib/format';
import { AccountMenu } from './account-menu';
import { useFamilyWallet } from './use-family-wallet';
import { useMounted } from './use-mounted';
import { usePopover } from './use-popover';

/** Connect and disconnect a Solana wallet (Phantom and any other Wallet Standard wallet). */
export function SolanaWalletButton() {
  const { address, connected, pending } = useFamilyWallet('solana');
  const { disconnect } = useWallet();
  const { open, setOpen, container } = usePopover<HTMLDivElement>();
  // A click before hydration would be lost: the button waits for the page to be live.
  const mounted = useMounted();
  return (
    <div className="wallet" ref={container}>
      {connected && address ? (
        <button type="button" className="wallet-button connected" aria-label="Wallet menu" aria-expanded={open} onClick={() => setOpen(!open)}>
          <span className="wallet-dot" aria-hidden="true" />
          <span data-testid="wallet-address">{shortAddress(address)}</span>
          <span className="wallet-chain">Solana</span>
        </button>
      ) : (
        <button type="button" className="wallet-button" aria-expanded={open} onClick={() => setOpen(!open)} disabled={!mounted || pending}>
          {pending ? 'Connecting…' : 'Connect wallet'}
        </button>
      )}
      {open && (connected && address
        ? <AccountMenu address={address} onDisconnect={() => void disconnect().finally(() => setOpen(false))} />
        : <SolanaWalletList onDone={() => setOpen(false)} />)}
    </div>
  );
}

const USABLE = new Set([WalletReadyState.Installed, WalletReadyState.Loadable]);

/**
 * The Solana wallets the browser has. Choosing one selects it; the provider's auto-connect then asks the
 * wallet to connect (the adapter's usual flow), and its errors arrive through the provider.
 */
export function SolanaWalletList({ onDone }: { onDone: () => void }) {
  const mounted = useMounted();
  const { wallets, wallet, select, connected, connecting } = useWallet();
  const { error, clear } = useSolanaWalletError();
  const [chosen, setChosen] = useState<WalletName>();

  // An error from before this list opened (a silent reconnect that found no permission) is not news.
  useEffect(() => clear(), [clear]);
  useEffect(() => {
    if (chosen && connected && wallet?.adapter.name === chosen) onDone();
  }, [chosen, connected, wallet, onDone]);

  const shown = mounted ? wallets.filter(({ readyState }) => USABLE.has(readyState)) : [];
  return (
    <div className="wallet-menu" role="dialog" aria-label="Connect a Solana wallet">
      <p className="wallet-menu-title">Connect a Solana wallet</p>
      {mounted && shown.length === 0 && <p className="muted">No Solana wallet found. Install Phantom or another Solana wallet, then reload.</p>}
      {shown.map(({ adapter }) => (
        <button
          key={adapter.name}
          type="button"
          className="wallet-option"
          disabled={connecting}
          onClick={() => {
            clear();
            setChosen(adapter.name);
            select(adapter.name);
          }}
        >
          {adapter.icon ? <img src={adapter.icon} alt="" width={24} height={24} /> : <span className="wallet-option-icon" aria-hidden="true" />}
          {adapter.name}
        </button>
      ))}
      {chosen && error && <p role="alert" className="error">{describeError(error)}</p>}
    </div>
  );
}
