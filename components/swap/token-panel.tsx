import { useState, type ReactNode } from 'react';
import { amountFieldText } from './lib/format';
import { formatAmount } from '@/server/display/amount-text';
import { formatUsd } from '@/server/display/number-text';
import type { SwapToken } from './lib/tokens';
import { TokenIcon } from './token-icon';

const TEXT = {
  pay: { label: 'You pay', field: 'Amount to pay', pick: 'Select token to pay' },
  receive: { label: 'You receive', field: 'Amount to receive', pick: 'Select token to receive' },
} as const;

interface TokenPanelProps {
  side: keyof typeof TEXT;
  token?: SwapToken;
  amount: string;
  /** Absent: the amount is the quote's output and cannot be typed. */
  onAmount?: (text: string) => void;
  placeholder?: string;
  balance?: bigint;
  /** Shown instead of the balance when it cannot be read. */
  balanceNote?: string;
  usd?: number;
  /** The token cannot be sold back (a honeypot): its value reads so instead of a dollar figure. */
  unsellable?: boolean;
  loading?: boolean;
  disabled?: boolean;
  onPickToken: () => void;
  children?: ReactNode;
}

/** One side of the swap: amount, token, and the wallet's balance of it. */
export function TokenPanel(props: TokenPanelProps) {
  const { side, token, amount, onAmount, placeholder, balance, balanceNote, usd, unsellable, loading, disabled, onPickToken, children } = props;
  const text = TEXT[side];
  // A quoted amount reads grouped ("7,709,925.33"); in the field being edited it is the plain decimal typed over.
  const [editing, setEditing] = useState(false);
  return (
    <div className={`token-panel${loading ? ' loading' : ''}`}>
      <div className="token-panel-row">
        <span className="token-panel-label">{text.label}</span>
        {children}
      </div>
      <div className="token-panel-row">
        <input
          className="amount-input"
          aria-label={text.field}
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder ?? '0'}
          value={editing ? amount.replace(/,/g, '') : amount}
          onFocus={() => setEditing(true)}
          onBlur={() => setEditing(false)}
          readOnly={!onAmount}
          disabled={disabled}
          onChange={(event) => onAmount?.(amountFieldText(event.target.value))}
        />
        <button type="button" className={`token-button${token ? '' : ' empty'}`} aria-label={text.pick} onClick={onPickToken} disabled={disabled}>
          {token ? (
            <>
              <TokenIcon symbol={token.symbol} address={token.address} size={24} />
              <span className="token-button-symbol">{token.symbol}</span>
            </>
          ) : (
            'Select token'
          )}
          <span aria-hidden="true" className="caret">
            ▾
          </span>
        </button>
      </div>
      <div className="token-panel-row small muted">
        {unsellable ? (
          <span data-testid={`${side}-usd`} className="unsellable">
            Cannot be sold
          </span>
        ) : (
          <span data-testid={`${side}-usd`}>{usd !== undefined ? formatUsd(usd) : '\u00a0'}</span>
        )}
        {token && (
          <span className="token-meta">
            <span className="token-name">{token.name}</span>
            <span className="token-balance" data-testid={`${side}-balance`}>
              {balance !== undefined ? `Balance ${formatAmount(balance, token.decimals)} ${token.symbol}` : (balanceNote ?? '')}
            </span>
          </span>
        )}
      </div>
    </div>
  );
}
