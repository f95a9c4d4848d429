import { describe, expect, it } from 'vitest';
import { checkLabel, formatTax, riskBanners } from './risk';

describe('riskBanners', () => {
  it('says nothing about a clean token with small taxes', () => {
    expect(riskBanners({ buyTax: 0, sellTax: 1, verdict: 'clean' })).toEqual([]);
    expect(riskBanners({ buyTax: 0.5, sellTax: 0.99, verdict: 'caution' })).toEqual([]);
  });

  it('warns when either tax is above 1 %', () => {
    const [warning, ...rest] = riskBanners({ buyTax: 3, sellTax: 5, verdict: 'caution' });
    expect(rest).toEqual([]);
    expect(warning).toMatchObject({ level: 'warning', title: 'High tax' });
    expect(warning!.text).toContain('buying costs 3\u00a0%');
    expect(warning!.text).toContain('selling costs 5\u00a0%');
    expect(riskBanners({ buyTax: 0, sellTax: 1.01 })[0]!.text).not.toContain('buying');
  });

  it('puts a honeypot or danger verdict first, as a danger banner', () => {
    const banners = riskBanners({ buyTax: 0, sellTax: 100, verdict: 'honeypot' });
    expect(banners.map((banner) => [banner.level, banner.title])).toEqual([
      ['danger', 'Honeypot'],
      ['warning', 'High tax'],
    ]);
    const danger = riskBanners({ verdict: 'danger', failedChecks: ['sell-tax', 'liquidity'] });
    expect(danger).toHaveLength(1);
    expect(danger[0]!.text).toContain('sell tax, liquidity');
  });

  it('waits for numbers it does not have yet', () => {
    expect(riskBanners({})).toEqual([]);
  });
});

describe('labels', () => {
  it('formats taxes and names checks', () => {
    expect(formatTax(3.0000001)).toBe('3\u00a0%');
    expect(formatTax(2.456)).toBe('2.46\u00a0%');
    expect(checkLabel('liquidity-burnt')).toBe('Liquidity burnt');
    expect(checkLabel('owner_renounced')).toBe('Owner renounced');
  });
});
