/**
 * The audit's verdict and score from our own checks (third-party providers are reported beside them and
 * change neither, so the verdict never depends on a service being up).
 *
 * The verdict is read off the score, so one score band carries one word wherever it is shown (the audit,
 * the token page, the swap form):
 *   100 clean · 50–99 caution · 1–49 danger · 0 honeypot.
 * The checks place the score in its band: a failed honeypot check scores 0; any other failed check puts it
 * in the danger band; a check that warns or could not be made (unknown) in the caution band; all passing
 * scores 100. Within a band it falls by 40 per fail, 15 per warn and 5 per unknown, so more findings score
 * lower. Advisory checks are shown but count for neither: burnt LP, for one, is a launch-token signal, while
 * the pools of established tokens are provided by market makers who keep their LP tokens.
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

/** The lowest score of each verdict's band; a score belongs to the first band it reaches. */
export const VERDICT_BANDS: readonly { verdict: AuditVerdict; from: number }[] = [
  { verdict: 'clean', from: 100 },
  { verdict: 'caution', from: 50 },
  { verdict: 'danger', from: 1 },
  { verdict: 'honeypot', from: 0 },
];

/** The verdict as people read it, the same word on every page. */
export const VERDICT_WORDS: Readonly<Record<AuditVerdict, string>> = {
  clean: 'Clean',
  caution: 'Caution',
  danger: 'Danger',
  honeypot: 'Honeypot',
};

export function verdictForScore(score: number): AuditVerdict {
  return (VERDICT_BANDS.find((band) => score >= band.from) ?? VERDICT_BANDS[VERDICT_BANDS.length - 1]!).verdict;
}

export function verdictOf(all: readonly AuditCheck[]): AuditVerdict {
  return verdictForScore(scoreOf(all));
}

export function scoreOf(all: readonly AuditCheck[]): number {
  const checks = all.filter((check) => !check.advisory);
  if (checks.some((check) => check.id === 'honeypot' && check.status === 'fail')) return 0;
  const raw = 100 - checks.reduce((sum, check) => sum + SCORE_PENALTY[check.status], 0);
  const band = bandOf(checks.some((check) => check.status === 'fail') ? 'danger' : checks.some((check) => check.status !== 'pass') ? 'caution' : 'clean');
  return Math.min(band.to, Math.max(band.from, raw));
}

/** The scores of a verdict's band, both ends included. */
function bandOf(verdict: Exclude<AuditVerdict, 'honeypot'>): { from: number; to: number } {
  const index = VERDICT_BANDS.findIndex((band) => band.verdict === verdict);
  return { from: VERDICT_BANDS[index]!.from, to: index === 0 ? 100 : VERDICT_BANDS[index - 1]!.from - 1 };
}
