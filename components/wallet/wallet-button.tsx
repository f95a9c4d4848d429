'use client';

import { useConnect, useConnection, useConnectors, useDisconnect, type Connector } from 'wagmi';
import { chainIdForWallet } from '@/components/providers/wagmi-config';
import { describeError } from '@/components/swap/lib/error-messages';
import { shortAddress } from '@/components/swap/lib/format';
import { CHAINS } from '@/server/chains/registry';
import { AccountMenu } from './account-menu';
import { OpenInWalletApp } from './open-in-wallet-app';
import { SolanaWalletButton } from './solana-wallet-button';
import { useMounted } from './use-mounted';
import { usePopover } from './use-popover';
import { useWalletFamily } from './wallet-family';

/** The header's wallet: the EVM one, or the Solana one while the swap form is on Solana. */
export function WalletButton() {
  const { family } = useWalletFamily();
  return family === 'solana' ? <SolanaWalletButton /> : <EvmWalletButton />;
}

/**
 * Connect and disconnect an EVM wallet. Wallets announced through EIP-6963 are listed by name; the plain
 * `window.ethereum` one only when no wallet announced itself.
 */
function EvmWalletButton() {
  const { address, status, chainId } = useConnection();
  const disconnect = useDisconnect();
  const { open, setOpen, container, trigger } = usePopover<HTMLDivElement>(status === 'connected');
  // A click before hydration would be lost: the button waits for the page to be live.
  const mounted = useMounted();

  const chain = chainIdForWallet(chainId);
  return (
    <div className="wallet" ref={container}>
      {status === 'connected' && address ? (
        <button ref={trigger} type="button" className="wallet-button connected" aria-label="Wallet menu" aria-expanded={open} onClick={() => setOpen(!open)}>
          <span className="wallet-dot" aria-hidden="true" />
          <span data-testid="wallet-address">{shortAddress(address)}</span>
          <span className="wallet-chain">{chain ? CHAINS[chain].name : `Chain ${chainId}`}</span>
        </button>
      ) : (
        <button
          ref={trigger}
          type="button"
          className="wallet-button"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          disabled={!mounted || status === 'connecting' || status === 'reconnecting'}
        >
          {status === 'connecting' || status === 'reconnecting' ? 'Connecting…' : 'Connect wallet'}
        </button>
      )}
      {open &&
        (status === 'connected' ? (
          <AccountMenu address={address} onDisconnect={() => disconnect.mutate(undefined, { onSuccess: () => setOpen(false) })} />
        ) : (
          <ConnectorList onDone={() => setOpen(false)} />
        ))}
    </div>
  );
}

/**
 * The EVM wallets to connect: the injected ones (see EvmWalletButton) and any other connector configured
 * (WalletConnect, given a project id). Without an injected wallet, as in a phone's own browser, this page
 * can be opened inside MetaMask's.
 */
export function ConnectorList({ onDone }: { onDone: () => void }) {
  const connectors = useConnectors();
  const connect = useConnect();
  const injectedOnes = connectors.filter((connector) => connector.type === 'injected');
  const announced = injectedOnes.filter((connector) => connector.id !== 'injected');
  const browserWallets: readonly Connector[] =
    announced.length > 0 ? announced : injectedOnes.filter(() => typeof window !== 'undefined' && 'ethereum' in window);
  const shown = [...browserWallets, ...connectors.filter((connector) => connector.type !== 'injected')];
  return (
    <div className="wallet-menu" role="dialog" aria-label="Connect a wallet">
      <p className="wallet-menu-title">Connect a wallet</p>
      {browserWallets.length === 0 && (
        <>
          <p className="muted">
            No browser wallet found. On a phone, open this page in your wallet app; on a computer, install MetaMask or another wallet, then reload.
          </p>
          <OpenInWalletApp wallet="MetaMask" />
        </>
      )}
      {shown.map((connector) => (
        <button
          key={connector.uid}
          type="button"
          className="wallet-option"
          disabled={connect.isPending}
          onClick={() => connect.mutate({ connector }, { onSuccess: onDone })}
        >
          {connector.icon ? <img src={connector.icon} alt="" width={24} height={24} /> : <span className="wallet-option-icon" aria-hidden="true" />}
          {connector.id === 'injected' ? 'Browser wallet' : connector.name}
        </button>
      ))}
      {connect.error && (
        <p role="alert" className="error">
          {describeError(connect.error)}
        </p>
      )}
    </div>
  );
}
