/**
 * The Solana wallet as the pages see it, without the Solana libraries: the state the lazily loaded wallet
 * runtime (`solana-wallet-runtime.tsx`) publishes. Until that runtime loads, no Solana wallet is known.
 */
export interface SolanaWalletOption {
  name: string;
  icon?: string;
}

export interface SolanaWalletState {
  /** The wallet runtime has loaded (the Solana libraries are in the page). */
  loaded: boolean;
  /** The connected account's base58 public key. */
  address?: string;
  connected: boolean;
  connecting: boolean;
  disconnecting: boolean;
  /** The selected wallet's name. */
  selected?: string;
  /** Wallets the browser has that can connect (installed or loadable). */
  wallets: readonly SolanaWalletOption[];
  /** The last error a Solana wallet raised (connect, sign), until cleared. */
  error?: Error;
  clearError: () => void;
  select: (name: string) => void;
  disconnect: () => Promise<void>;
  /**
   * Has the wallet sign a quoted transaction (base64) after checking it is paid by the connected wallet
   * (`kind` trade: a v0 swap; deposit: a bridge deposit); answers the signed transaction in base64.
   */
  signQuoted?: (serialized: string, kind: 'trade' | 'deposit') => Promise<string>;
}

export const NO_SOLANA_WALLET: SolanaWalletState = {
  loaded: false,
  connected: false,
  connecting: false,
  disconnecting: false,
  wallets: [],
  clearError: () => undefined,
  select: () => undefined,
  disconnect: async () => undefined,
};

/** Where the chosen wallet's name is kept, so the next visit reconnects it (the adapter's own key). */
export const SOLANA_WALLET_STORAGE_KEY = 'swapbridge.solanaWallet';
