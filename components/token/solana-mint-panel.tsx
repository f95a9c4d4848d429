import { Row } from './stat-row';
import type { TokenAudit } from './lib/types';

const MINT_FACTS: readonly { check: string; label: string; testId: string }[] = [
  { check: 'mint-authority', label: 'Mint authority', testId: 'mint-authority' },
  { check: 'freeze-authority', label: 'Freeze authority', testId: 'freeze-authority' },
  { check: 'transfer-fee', label: 'Transfer fee', testId: 'transfer-fee' },
];

/** A Solana mint's own facts: its decimals, and who can mint, freeze or take a fee (from the audit's reading of the mint). */
export function SolanaMintPanel({ decimals, audit }: { decimals: number; audit?: TokenAudit }) {
  const detail = (id: string) => audit?.checks.find((check) => check.id === id)?.detail;
  return (
    <section className="card token-card" aria-label="Mint">
      <h2>Mint</h2>
      <dl className="stats">
        <Row label="Decimals" testId="mint-decimals" value={String(decimals)} />
        {MINT_FACTS.map(({ check, label, testId }) => (
          <Row key={check} label={label} testId={testId} value={detail(check) ?? (audit ? '–' : '…')} />
        ))}
      </dl>
      <p className="muted small">SPL tokens carry no buy or sell tax; a Token-2022 mint can charge a transfer fee.</p>
    </section>
  );
}
