import { describe, expect, it } from 'vitest';
import { sortWarnings } from './quote-warnings';

type Warning = Parameters<typeof sortWarnings>[0][number];
const warning = (code: Warning['code'], severity: Warning['severity'] = 'warning'): Warning => ({ code, severity, message: code });
const codes = (list: readonly Warning[]) => list.map((entry) => entry.code);

describe('sortWarnings', () => {
  it('keeps a provider that did not check a token as a detail when our checks found nothing', () => {
    const sorted = sortWarnings([warning('UNVERIFIED_AUDIT', 'info')]);
    expect(codes(sorted.shown)).toEqual([]);
    expect(codes(sorted.details)).toEqual(['UNVERIFIED_AUDIT']);
  });

  it('warns about it beside a risk our checks found', () => {
    for (const finding of ['HONEYPOT', 'HIGH_TAX'] as const) {
      const sorted = sortWarnings([warning(finding, 'danger'), warning('UNVERIFIED_AUDIT', 'info')]);
      expect(codes(sorted.shown)).toEqual([finding, 'UNVERIFIED_AUDIT']);
      expect(sorted.details).toEqual([]);
    }
  });

  it("leaves the price impact to its own notice and shows the route's warnings", () => {
    const sorted = sortWarnings([warning('HIGH_PRICE_IMPACT', 'danger'), warning('LAUNCHPAD'), warning('LOW_LIQUIDITY')]);
    expect(codes(sorted.shown)).toEqual(['LAUNCHPAD', 'LOW_LIQUIDITY']);
  });
});
