import { describe, expect, it } from 'vitest';
import { scoreOf, verdictForScore, verdictOf, type AuditCheck, type CheckStatus } from './verdict';

const check = (id: string, status: CheckStatus): AuditCheck => ({ id, status, detail: '' });

describe('verdict and score', () => {
  it('is clean with 100 when every check passes', () => {
    const checks = [check('honeypot', 'pass'), check('buy-tax', 'pass')];
    expect([verdictOf(checks), scoreOf(checks)]).toEqual(['clean', 100]);
  });

  it('is caution on a warning or an unknown check', () => {
    expect([verdictOf([check('buy-tax', 'warn')]), scoreOf([check('buy-tax', 'warn'), check('sell-tax', 'warn')])]).toEqual(['caution', 70]);
    expect([verdictOf([check('liquidity', 'unknown')]), scoreOf([check('liquidity', 'unknown')])]).toEqual(['caution', 95]);
    // One warning among passing checks is enough.
    const mixed = [check('honeypot', 'pass'), check('buy-tax', 'warn'), check('sell-tax', 'pass')];
    expect([verdictOf(mixed), scoreOf(mixed)]).toEqual(['caution', 85]);
  });

  it('keeps many warnings in the caution band: only a failed check is danger', () => {
    const warnings = ['a', 'b', 'c', 'd', 'e'].map((id) => check(id, 'warn'));
    expect([verdictOf(warnings), scoreOf(warnings)]).toEqual(['caution', 50]);
  });

  it('is danger on any failure, below every caution score, floored at 1', () => {
    // One failure used to score 60 "danger" above a 55 "caution" of three warnings.
    const oneFail = [check('liquidity', 'fail')];
    const threeWarnings = [check('buy-tax', 'warn'), check('sell-tax', 'warn'), check('privileged-functions', 'warn')];
    expect([verdictOf(oneFail), scoreOf(oneFail)]).toEqual(['danger', 49]);
    expect([verdictOf(threeWarnings), scoreOf(threeWarnings)]).toEqual(['caution', 55]);
    const checks = [check('sell-tax', 'fail'), check('liquidity', 'fail'), check('buy-tax', 'fail'), check('x', 'warn')];
    expect([verdictOf(checks), scoreOf(checks)]).toEqual(['danger', 1]);
    expect(scoreOf([check('liquidity', 'fail'), check('sell-tax', 'fail')])).toBe(20);
  });

  it('is honeypot with 0 when the honeypot check fails, whatever else', () => {
    const checks = [check('honeypot', 'fail'), check('buy-tax', 'pass')];
    expect([verdictOf(checks), scoreOf(checks)]).toEqual(['honeypot', 0]);
  });

  it('reads the verdict off the score: one word per band', () => {
    expect([100, 99, 50, 49, 1, 0].map(verdictForScore)).toEqual(['clean', 'caution', 'caution', 'danger', 'danger', 'honeypot']);
  });

  it('leaves advisory checks out of the verdict and the score', () => {
    const checks: AuditCheck[] = [check('buy-tax', 'pass'), { ...check('liquidity-burnt', 'warn'), advisory: true }];
    expect([verdictOf(checks), scoreOf(checks)]).toEqual(['clean', 100]);
  });
});
