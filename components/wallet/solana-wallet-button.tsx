'use client';

import { useEffect, useState } from 'react';
import { useNeedSolana, useSolanaWallet, useSolanaWalletError } from '@/components/providers/solana-wallet-provider';
import { describeError } from '@/components/swap/lib/error-messages';
import { shortAddress } from '@/components/swap/lib/format';
import { AccountMenu } from './account-menu';
import { OpenInWalletApp } from './open-in-wallet-app';
import { useFamilyWallet } from './use-family-wallet';
import { useMounted } from './use-mounted';
import { usePopover } from './use-popover';

/** Connect and disconnect a Solana wallet (Phantom and any other Wallet Standard wallet). */
export function SolanaWalletButton() {
  useNeedSolana();
  const { address, connected, pending } = useFamilyWallet('solana');
  const { disconnect, loaded } = useSolanaWallet();
  const { open, setOpen, container, trigger } = usePopover<HTMLDivElement>(connected);
  // A click before hydration (or before the wallet runtime loaded) would be lost: the button waits.
  const mounted = useMounted();
  return (
    <div className="wallet" ref={container}>
      {connected && address ? (
        <button ref={trigger} type="button" className="wallet-button connected" aria-label="Wallet menu" aria-expanded={open} onClick={() => setOpen(!open)}>
          <span className="wallet-dot" aria-hidden="true" />
          <span data-testid="wallet-address">{shortAddress(address)}</span>
          <span className="wallet-chain">Solana</span>
        </button>
      ) : (
        <button
          ref={trigger}
          type="button"
          className="wallet-button"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          disabled={!mounted || !loaded || pending}
        >
          {pending ? 'Connecting…' : 'Connect wallet'}
        </button>
      )}
      {open &&
        (connected && address ? (
          <AccountMenu address={address} onDisconnect={() => void disconnect().finally(() => setOpen(false))} />
        ) : (
          <SolanaWalletList onDone={() => setOpen(false)} />
        ))}
    </div>
  );
}

/**
 * The Solana wallets the browser has. Choosing one selects it; the provider's auto-connect then asks the
 * wallet to connect (the adapter's usual flow), and its errors arrive through the provider.
 */
export function SolanaWalletList({ onDone }: { onDone: () => void }) {
  useNeedSolana();
  const mounted = useMounted();
  const { wallets, selected, select, connected, connecting, loaded } = useSolanaWallet();
  const { error, clear } = useSolanaWalletError();
  const [chosen, setChosen] = useState<string>();

  // An error from before this list opened (a silent reconnect that found no permission) is not news.
  useEffect(() => clear(), [clear]);
  useEffect(() => {
    if (chosen && connected && selected === chosen) onDone();
  }, [chosen, connected, selected, onDone]);

  const shown = mounted ? wallets : [];
  return (
    <div className="wallet-menu" role="dialog" aria-label="Connect a Solana wallet">
      <p className="wallet-menu-title">Connect a Solana wallet</p>
      {mounted && !loaded && (
        <p className="muted" role="status">
          Looking for Solana wallets…
        </p>
      )}
      {mounted && loaded && shown.length === 0 && (
        <>
          <p className="muted">
            No Solana wallet found. On a phone, open this page in Phantom; on a computer, install Phantom or another Solana wallet, then reload.
          </p>
          <OpenInWalletApp wallet="Phantom" />
        </>
      )}
      {shown.map(({ name, icon }) => (
        <button
          key={name}
          type="button"
          className="wallet-option"
          disabled={connecting}
          onClick={() => {
            clear();
            setChosen(name);
            select(name);
          }}
        >
          {icon ? <img src={icon} alt="" width={24} height={24} /> : <span className="wallet-option-icon" aria-hidden="true" />}
          {name}
        </button>
      ))}
      {chosen && error && (
        <p role="alert" className="error">
          {describeError(error)}
        </p>
      )}
    </div>
  );
}
