import { riskBanners, type RiskInput } from './lib/risk';

/** The token's warnings, dangers first; nothing when there is nothing to warn about. */
export function RiskBanners(input: RiskInput) {
  const banners = riskBanners(input);
  if (!banners.length) return null;
  return (
    <div className="risk-banners">
      {banners.map((banner) => (
        <div key={banner.title} role="alert" className={`risk-banner ${banner.level}`} data-level={banner.level}>
          <strong>{banner.title}</strong> {banner.text}
        </div>
      ))}
    </div>
  );
}
