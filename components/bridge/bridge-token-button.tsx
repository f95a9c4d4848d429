import { TokenIcon } from '@/components/swap/token-icon';
import { isNative, type SwapToken } from '@/components/swap/lib/tokens';
import type { ChainId } from '@/server/chains/registry';

/** A side's token where the swap form has its token button: opens the picker of the side's chain. */
export function BridgeTokenButton({
  chain,
  token,
  label,
  disabled,
  onPick,
}: {
  chain: ChainId;
  token: SwapToken;
  /** What the button does, for assistive technology: "Select token to send". */
  label: string;
  disabled?: boolean;
  onPick: () => void;
}) {
  // The native coin keeps the colour it has always had on this page: one derived from its chain.
  const icon = <TokenIcon symbol={token.symbol} address={isNative(token) ? chain : token.address} size={24} />;
  return (
    <button type="button" className="token-button" aria-label={label} disabled={disabled} onClick={onPick}>
      {icon}
      <span className="token-button-symbol">{token.symbol}</span>
      <span aria-hidden="true" className="caret">
        ▾
      </span>
    </button>
  );
}
