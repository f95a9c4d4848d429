import type { ChainFamily } from '@/server/chains/registry';

/**
 * Why a form with an amount shows no quote yet: the quote carries a transaction built for one wallet.
 * `built`: what the quote builds ("it", "the deposit").
 */
export function ConnectForQuoteHint({ family, built }: { family: ChainFamily; built: string }) {
  return (
    <p className="muted small">
      {family === 'solana'
        ? `Connect a Solana wallet to get a quote: ${built} is built for the wallet that signs it.`
        : `Connect a wallet to get a quote: ${built} is built for the wallet that sends it.`}
    </p>
  );
}
