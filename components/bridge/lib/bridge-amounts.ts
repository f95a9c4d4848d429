/** Amounts of a bridge request as the tracker and the list show them. */
import { formatAmount } from '@/components/swap/lib/format';
import { CHAINS, type ChainId } from '@/server/chains/registry';
import { formatUnits } from 'viem';

export interface ShownAmount {
  /** Short, grouped, for reading. */
  text: string;
  /** Every decimal, for a tooltip and for checking. */
  exact: string;
}

/** Raw native units of a chain of the table, with its coin's symbol. */
export function nativeAmount(raw: string | bigint, chain: string): ShownAmount {
  const info = CHAINS[chain as ChainId];
  if (!info) return { text: `${raw} (raw units)`, exact: `${raw}` };
  return {
    text: `${formatAmount(raw, info.nativeDecimals)} ${info.nativeSymbol}`,
    exact: `${formatUnits(BigInt(raw), info.nativeDecimals)} ${info.nativeSymbol}`,
  };
}

export function chainName(chain: string): string {
  return CHAINS[chain as ChainId]?.name ?? chain;
}
