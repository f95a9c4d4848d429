'use client';

import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc-provider';

/** Live status of every chain: the health report merged with the chain records. */
export function ChainStatus() {
  const trpc = useTRPC();
  const health = useQuery(trpc.system.health.queryOptions({}, { refetchInterval: 10_000 }));
  const chains = useQuery(trpc.v1.chains.queryOptions({}));

  if (health.error || chains.error) {
    return (
      <div className="card" role="alert">
        Could not load the service status: {(health.error ?? chains.error)?.message}
      </div>
    );
  }
  if (!health.data || !chains.data) return <div className="card">Loading chain status…</div>;

  return (
    <section className="card" aria-label="Chain status">
      <h2>
        Chains <span className={`pill ${health.data.status === 'ok' ? 'ok' : 'down'}`}>{health.data.status}</span>
      </h2>
      <table className="chains">
        <thead>
          <tr>
            <th>Chain</th>
            <th>Chain id</th>
            <th>Native</th>
            <th>Status</th>
            <th>Block</th>
            <th>Latency</th>
          </tr>
        </thead>
        <tbody>
          {chains.data.chains.map((chain) => {
            const probe = health.data.chains[chain.name as keyof typeof health.data.chains];
            return (
              <tr key={chain.name} data-chain={chain.name}>
                {/* data-label names a cell where a phone shows the rows stacked, without the header row. */}
                <td>{chain.name}</td>
                <td data-label="Chain id">{chain.chainId}</td>
                <td data-label="Native">{chain.nativeToken}</td>
                <td>
                  <span className={`pill ${probe?.available ? 'ok' : 'down'}`}>{probe?.available ? 'up' : 'unavailable'}</span>
                </td>
                <td data-label="Block">{probe?.blockNumber ?? '–'}</td>
                <td data-label="Latency">{probe?.latencyMs != null ? `${probe.latencyMs} ms` : '–'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="muted">
        Version {health.data.version}, storage {health.data.storage.engine}.
      </p>
    </section>
  );
}
