import { VERDICT_WORDS } from '@/server/tokens/audit/verdict';
import { TypedWordInput } from './typed-word-input';
import type { Quote } from './lib/types';

type Warning = Quote['warnings'][number];

const ROLE: Record<Warning['severity'], 'alert' | 'status'> = { danger: 'alert', warning: 'alert', info: 'status' };

/** The audit's words for the same levels of risk, so the swap form and the token page speak alike. */
const SEVERITY_WORDS: Record<Warning['severity'], string | undefined> = { danger: VERDICT_WORDS.danger, warning: VERDICT_WORDS.caution, info: undefined };

/** What our own checks found about a token; beside one of them, that no audit provider checked it matters too. */
const OWN_FINDINGS: ReadonlySet<Warning['code']> = new Set(['HONEYPOT', 'HIGH_TAX']);

/**
 * Which of the quote's warnings are warnings, and which are details: that no third-party audit checked a
 * token says nothing against it unless our own checks found a risk, so alone it is a detail. The price
 * impact has its own notice.
 */
export function sortWarnings(warnings: readonly Warning[]): { shown: Warning[]; details: Warning[] } {
  const ownFinding = warnings.some((warning) => OWN_FINDINGS.has(warning.code));
  const rest = warnings.filter((warning) => warning.code !== 'HIGH_PRICE_IMPACT');
  const isDetail = (warning: Warning) => warning.code === 'UNVERIFIED_AUDIT' && !ownFinding;
  return { shown: rest.filter((warning) => !isDetail(warning)), details: rest.filter(isDetail) };
}

/**
 * Every warning of the quote, above the button. A honeypot needs the typed word before the swap, as a price
 * impact above 10 % does; when both apply, the price impact notice holds the one field.
 */
export function QuoteWarnings({
  warnings,
  askWord,
  typed,
  onTyped,
}: {
  warnings: readonly Warning[];
  /** Show the field for the typed word here (a honeypot without a blocking price impact). */
  askWord: boolean;
  typed: string;
  onTyped: (text: string) => void;
}) {
  const { shown, details } = sortWarnings(warnings);
  return (
    <>
      {shown.length > 0 && (
        <ul className="quote-warnings" aria-label="Warnings">
          {shown.map((warning) => (
            <li
              key={`${warning.code}:${warning.message}`}
              className={`quote-warning severity-${warning.severity}`}
              data-code={warning.code}
              data-severity={warning.severity}
            >
              {/* The live role sits inside the item: a list's items must stay list items for assistive technology. */}
              <p role={ROLE[warning.severity]}>
                {SEVERITY_WORDS[warning.severity] && <strong className="warning-word">{SEVERITY_WORDS[warning.severity]}: </strong>}
                {warning.message}
              </p>
              {askWord && warning.code === 'HONEYPOT' && <TypedWordInput purpose="swap this token anyway" typed={typed} onTyped={onTyped} />}
            </li>
          ))}
        </ul>
      )}
      {details.map((detail) => (
        <p key={detail.message} className="muted small quote-note" data-code={detail.code}>
          {detail.message}
        </p>
      ))}
    </>
  );
}
