import { describeError } from '@/components/swap/lib/error-messages';
import { VERDICT_WORDS } from '@/server/tokens/audit/verdict';
import { checkLabel } from './lib/risk';
import type { AuditCheck, TokenAudit } from './lib/types';

const STATUS_ICONS: Readonly<Record<AuditCheck['status'], { icon: string; label: string }>> = {
  pass: { icon: '✓', label: 'Passed' },
  warn: { icon: '!', label: 'Warning' },
  fail: { icon: '✕', label: 'Failed' },
  unknown: { icon: '?', label: 'Could not be checked' },
};

/**
 * The audit: our verdict and score, every check with its finding, and the third-party providers beside
 * them (a provider that could not check or did not answer is said to be so; it never counts as a pass).
 */
export function SafetyPanel({ audit, error, loading }: { audit?: TokenAudit; error?: unknown; loading: boolean }) {
  return (
    <section className="card token-card safety" aria-label="Safety">
      <h2>
        Safety
        {audit && (
          <span className={`verdict verdict-${audit.verdict}`} data-testid="audit-verdict">
            {VERDICT_WORDS[audit.verdict]}
          </span>
        )}
        {audit && (
          <span className="muted small score" data-testid="audit-score">
            score {audit.score}/100
          </span>
        )}
      </h2>
      {loading && (
        <p role="status" className="muted">
          Auditing the token…
        </p>
      )}
      {error !== undefined && error !== null && (
        <p role="alert" className="error">
          The audit could not be made: {describeError(error)}
        </p>
      )}
      {audit && (
        <>
          <ul className="checks" aria-label="Audit checks">
            {audit.checks.map((check) => {
              const status = STATUS_ICONS[check.status];
              return (
                <li key={check.id} className={`check check-${check.status}`} data-check={check.id} data-status={check.status}>
                  <span className="check-icon" role="img" aria-label={status.label} title={status.label}>
                    {status.icon}
                  </span>
                  <span className="check-text">
                    <strong>
                      {checkLabel(check.id)}
                      {'advisory' in check && check.advisory === true && (
                        <span className="muted small" title="Shown only: not counted in the verdict or the score">
                          {' '}
                          (advisory)
                        </span>
                      )}
                    </strong>
                    <span className="muted small">{check.detail}</span>
                  </span>
                </li>
              );
            })}
          </ul>
          <h3>Audit providers</h3>
          {audit.providers.length === 0 ? (
            <p className="muted small">No third-party audit covers this chain.</p>
          ) : (
            <ul className="providers" aria-label="Audit providers">
              {audit.providers.map((provider) => (
                <li key={provider.name} data-provider={provider.name} data-status={provider.status}>
                  <strong>{provider.name}</strong>{' '}
                  {provider.status === 'ok' ? (
                    <span className={`verdict verdict-${provider.verdict ?? 'unknown'}`}>{provider.verdict ?? 'no verdict'}</span>
                  ) : (
                    <span className="pill pending">{provider.status === 'unverified' ? 'could not check' : 'not checked'}</span>
                  )}
                  {provider.detail && <span className="muted small provider-detail">{provider.detail}</span>}
                </li>
              ))}
            </ul>
          )}
          <p className="muted small">The verdict and score come from our own checks; providers are shown beside them and change neither.</p>
        </>
      )}
    </section>
  );
}
