import { FAMILY_TRAITS } from '@/components/wallet/chain-family';
import type { ChainFamily } from '@/server/chains/registry';

/**
 * Under a quote asked for without a wallet: the price is real, but what to sign is built for the wallet that
 * connects. `action`: what the wallet then does ("swap", "bridge").
 */
export function PriceOnlyHint({ family, action }: { family: ChainFamily; action: string }) {
  return (
    <p className="muted small" data-testid="price-only-hint">
      {`A price only: connect ${FAMILY_TRAITS[family].walletNoun} to ${action} at it.`}
    </p>
  );
}
