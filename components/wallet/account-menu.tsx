'use client';

/** The connected wallet's menu: its full address, copy, disconnect. */
export function AccountMenu({ address, onDisconnect }: { address: string; onDisconnect: () => void }) {
  return (
    <div className="wallet-menu" role="dialog" aria-label="Wallet">
      <p className="wallet-menu-title mono">{address}</p>
      <button type="button" className="wallet-option" onClick={() => void navigator.clipboard?.writeText(address)}>
        Copy address
      </button>
      <button type="button" className="wallet-option" onClick={onDisconnect}>
        Disconnect
      </button>
    </div>
  );
}
