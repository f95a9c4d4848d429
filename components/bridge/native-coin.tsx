import { TokenIcon } from '@/components/swap/token-icon';
import { CHAINS, type ChainId } from '@/server/chains/registry';

/** The chain's native coin where the swap form has its token button: the bridge moves native coins only. */
export function NativeCoin({ chain }: { chain: ChainId }) {
  const symbol = CHAINS[chain].nativeSymbol;
  return (
    <span className="token-button static">
      <TokenIcon symbol={symbol} address={chain} size={24} />
      <span className="token-button-symbol">{symbol}</span>
    </span>
  );
}
