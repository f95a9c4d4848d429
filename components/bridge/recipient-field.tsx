'use client';

import { shortAddress } from '@/components/swap/lib/format';
import { familyOf } from '@/components/wallet/chain-family';
import { CHAINS, type ChainId } from '@/server/chains/registry';
import type { RecipientCheck } from './lib/recipient';

/**
 * Who receives on the destination chain. A connected wallet of the destination's family is offered with
 * one click; what is wrong with the address is said under it (a missing one only once an amount is in).
 */
export function RecipientField({
  destination,
  value,
  check,
  emphasize,
  ownWallet,
  disabled,
  onChange,
}: {
  destination: ChainId;
  value: string;
  check: RecipientCheck;
  /** Show a missing recipient as an error rather than a hint. */
  emphasize: boolean;
  /** The connected wallet that could receive on the destination chain. */
  ownWallet?: string;
  disabled?: boolean;
  onChange: (text: string) => void;
}) {
  const chain = CHAINS[destination];
  const problem = check.ok ? undefined : check;
  const asError = problem && (!problem.empty || emphasize);
  return (
    <div className={`token-panel recipient-panel${asError ? ' invalid' : ''}`}>
      <div className="token-panel-row">
        <label className="token-panel-label" htmlFor="bridge-recipient">
          Recipient on {chain.name}
        </label>
        {ownWallet && ownWallet !== value.trim() && (
          <button type="button" className="chip" disabled={disabled} onClick={() => onChange(ownWallet)}>
            Use my wallet {shortAddress(ownWallet)}
          </button>
        )}
      </div>
      <input
        id="bridge-recipient"
        className="recipient-input mono"
        aria-label="Recipient address"
        aria-invalid={asError ? true : undefined}
        aria-describedby={problem ? 'bridge-recipient-problem' : undefined}
        placeholder={familyOf(destination).recipientPlaceholder}
        autoComplete="off"
        spellCheck={false}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      />
      {problem && (
        <p
          id="bridge-recipient-problem"
          className={`small ${asError ? 'error' : 'muted'}`}
          role={asError ? 'alert' : undefined}
          data-testid="recipient-problem"
        >
          {problem.message}
        </p>
      )}
    </div>
  );
}
