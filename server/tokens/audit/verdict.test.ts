import { describe, expect, it } from 'vitest';
import { scoreOf, verdictOf, type AuditCheck, type CheckStatus } from './verdict';

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

  it('is danger on any failure, floored at 0', () => {
    const checks = [check('sell-tax', 'fail'), check('liquidity', 'fail'), check('buy-tax', 'fail'), check('x', 'warn')];
    expect([verdictOf(checks), scoreOf(checks)]).toEqual(['danger', 0]);
    expect(scoreOf([check('liquidity', 'fail'), check('privileged-functions', 'warn')])).toBe(45);
  });

  it('is honeypot with 0 when the honeypot check fails, whatever else', () => {
    const checks = [check('honeypot', 'fail'), check('buy-tax', 'pass')];
    expect([verdictOf(checks), scoreOf(checks)]).toEqual(['honeypot', 0]);
  });

  it('leaves advisory checks out of the verdict and the score', () => {
    const checks: AuditCheck[] = [check('buy-tax', 'pass'), { ...check('liquidity-burnt', 'warn'), advisory: true }];
    expect([verdictOf(checks), scoreOf(checks)]).toEqual(['clean', 100]);
  });
});
