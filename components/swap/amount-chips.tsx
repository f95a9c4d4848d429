import type { Percent } from './hooks/use-swap-form';
import { formatPercent } from '@/server/display/number-text';

const PERCENTS: readonly Percent[] = [25, 50, 100];

/** Shares of the balance (resolved by the server at quote time) and Max (the balance, less gas for native). */
export function AmountChips({
  active,
  onPercent,
  onMax,
  maxDisabled,
  disabled,
}: {
  active?: Percent;
  onPercent: (percent: Percent) => void;
  onMax: () => void;
  maxDisabled: boolean;
  disabled?: boolean;
}) {
  return (
    <div className="chips" role="group" aria-label="Amount shortcuts">
      {PERCENTS.map((percent) => (
        <button key={percent} type="button" className="chip" aria-pressed={active === percent} disabled={disabled} onClick={() => onPercent(percent)}>
          {formatPercent(percent)}
        </button>
      ))}
      <button type="button" className="chip" disabled={disabled || maxDisabled} onClick={onMax}>
        Max
      </button>
    </div>
  );
}
