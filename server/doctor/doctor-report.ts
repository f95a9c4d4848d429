/**
 * What the doctor finds: faults the server refuses to serve with (each naming the variable or the chain to
 * fix), warnings, and what each chain can do here. The same capabilities are served by /api/v1/chains and
 * /api/health, and printed as the doctor's table (the checklist of the README's real-chain setup).
 */
import { CHAIN_IDS, type ChainId } from '@/server/chains/registry';

export interface Finding {
  /** The variable to change (`RPC_URL_BASE`, `APP_SECRET`, …) or, where no variable is at fault, the chain. */
  subject: string;
  message: string;
}

export interface ChainCapabilities {
  /** `none`: no RPC configured; `unreachable`: configured, did not answer. */
  rpc: 'ok' | 'unreachable' | 'none';
  quote: boolean;
  trade: boolean;
  tokenData: boolean;
  /** Bridges may start here: deposits to the Depository are found and filled elsewhere. */
  bridgeFrom: boolean;
  /** Bridges may end here: the solver pays fills on this chain. */
  bridgeTo: boolean;
  /** Why a capability is off, in words an operator can act on. */
  notes: string[];
}

export interface DoctorReport {
  faults: Finding[];
  warnings: Finding[];
  chains: Record<ChainId, ChainCapabilities>;
}

export const NO_CAPABILITIES: Omit<ChainCapabilities, 'rpc' | 'notes'> = { quote: false, trade: false, tokenData: false, bridgeFrom: false, bridgeTo: false };

const COLUMNS: [keyof Omit<ChainCapabilities, 'rpc' | 'notes'>, string][] = [
  ['quote', 'quote'],
  ['trade', 'trade'],
  ['tokenData', 'token data'],
  ['bridgeFrom', 'bridge from'],
  ['bridgeTo', 'bridge to'],
];

/** The table `npm run doctor` prints: a row per chain, a column per capability, and why one is off. */
export function capabilityTable(report: DoctorReport): string {
  const header = ['chain', 'rpc', ...COLUMNS.map(([, title]) => title), 'notes'];
  const rows = CHAIN_IDS.map((id) => {
    const chain = report.chains[id];
    return [id, chain.rpc, ...COLUMNS.map(([key]) => (chain[key] ? 'yes' : '-')), chain.notes.join('; ')];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...rows.slice().map((row) => (column === header.length - 1 ? 0 : row[column]!.length))));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

/** One line per served chain for the start-up log: what it can do, and why not the rest. */
export function capabilitySummary(chains: Record<ChainId, ChainCapabilities>): Record<string, string> {
  const served = CHAIN_IDS.filter((id) => chains[id].rpc !== 'none');
  return Object.fromEntries(
    served.map((id) => {
      const chain = chains[id];
      const can = COLUMNS.filter(([key]) => chain[key]).map(([, title]) => title);
      return [id, `${chain.rpc}: ${can.length > 0 ? can.join(', ') : 'nothing'}${chain.notes.length > 0 ? ` (${chain.notes.join('; ')})` : ''}`];
    }),
  );
}

export function describeFindings(title: string, findings: Finding[]): string {
  return findings.length === 0 ? '' : `${title}:\n${findings.map((finding) => `  ${finding.subject}: ${finding.message}`).join('\n')}`;
}
