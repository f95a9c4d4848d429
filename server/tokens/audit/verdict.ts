/**
 * The audit's verdict and score from our own checks (third-party providers are reported beside them and
 * change neither, so the verdict never depends on a service being up).
 *
 * Verdict: `honeypot` when the honeypot check fails; else `danger` when any check fails; else `caution`
 * when any check warns or could not be made (unknown); else `clean`.
 * Score (100 is best): 100 − 40 per fail − 15 per warn − 5 per unknown, floored at 0; a honeypot scores 0.
 * Advisory checks are shown but count for neither: burnt LP, for one, is a launch-token signal, while the
 * pools of established tokens are provided by market makers who keep their LP tokens.
 */
export type CheckStatus = 'pass' | 'warn' | 'fail' | 'unknown';
export type AuditVerdict = 'clean' | 'caution' | 'danger' | 'honeypot';

export interface AuditCheck {
  id: string;
  status: CheckStatus;
  detail: string;
  /** Shown to people, left out of the verdict and the score. */
  advisory?: boolean;
}

export const SCORE_PENALTY: Readonly<Record<CheckStatus, number>> = { pass: 0, warn: 15, fail: 40, unknown: 5 };

export function verdictOf(all: readonly AuditCheck[]): AuditVerdict {
  const checks = all.filter((check) => !check.advisory);
  if (isHoneypot(checks)) return 'honeypot';
  if (checks.some((check) => check.status === 'fail')) return 'danger';
  if (checks.some((check) => check.status === 'warn' || check.status === 'unknown')) return 'caution';
  return 'clean';
}

export function scoreOf(all: readonly AuditCheck[]): number {
  const checks = all.filter((check) => !check.advisory);
  if (isHoneypot(checks)) return 0;
  return Math.max(0, 100 - checks.reduce((sum, check) => sum + SCORE_PENALTY[check.status], 0));
}

function isHoneypot(checks: readonly AuditCheck[]): boolean {
  return checks.some((check) => check.id === 'honeypot' && check.status === 'fail');
}
