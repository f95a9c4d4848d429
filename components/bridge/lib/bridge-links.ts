/** Where a bridge request's tracker is, and what may name one in a URL. */

/** The request ids the service issues (the contract's opaque identifier: URL-safe characters only). */
const REQUEST_ID = /^[A-Za-z0-9._~-]{1,2048}$/;

export function isBridgeRequestId(text: string): boolean {
  return REQUEST_ID.test(text);
}

/**
 * The tracker of a request. `depositTxHash` is the deposit a wallet just sent itself: the tracker shows it
 * at once and has the server record it, rather than waiting for the server to find it on chain.
 */
export function bridgeTrackerHref(requestId: string, depositTxHash?: string): string {
  const path = `/bridge/${encodeURIComponent(requestId)}`;
  return depositTxHash ? `${path}?${new URLSearchParams({ tx: depositTxHash }).toString()}` : path;
}

/** A deposit hash as a tracker URL may carry it: an EVM hash or a Solana signature. */
export function isDepositTxHash(text: string): boolean {
  return /^(0x[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{64,90})$/.test(text);
}
