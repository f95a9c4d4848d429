'use client';

import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc-provider';
import { useMounted } from '@/components/wallet/use-mounted';
import { CHAINS, CHAIN_IDS, type ChainId } from '@/server/chains/registry';

/**
 * Every chain of the table, EVM chains first and Solana last; those this server cannot reach are listed
 * but not selectable. `label` names the field ("From chain" where a form has two).
 */
export function ChainPicker({
  label = 'Chain',
  value,
  onChange,
  disabled,
}: {
  label?: string;
  value: ChainId;
  onChange: (chain: ChainId) => void;
  disabled?: boolean;
}) {
  const trpc = useTRPC();
  const chains = useQuery(trpc.v1.chains.queryOptions({}, { staleTime: 60_000 }));
  const available = new Map(chains.data?.chains.map((chain) => [chain.name, chain.available]));
  // A choice made before hydration would be put back to the rendered chain: the picker waits for the page.
  const mounted = useMounted();
  return (
    <label className="chain-picker">
      <span className="sr-only">{label}</span>
      <select aria-label={label} value={value} disabled={disabled || !mounted} onChange={(event) => onChange(event.target.value as ChainId)}>
        {CHAIN_IDS.map((id) => (
          <option key={id} value={id} disabled={available.get(id) === false}>
            {CHAINS[id].name}
            {available.get(id) === false ? ' (unavailable)' : ''}
          </option>
        ))}
      </select>
    </label>
  );
}
