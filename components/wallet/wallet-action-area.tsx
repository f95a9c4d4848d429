'use client';

import { useState } from 'react';
import { describeError } from '@/components/swap/lib/error-messages';
import type { ChainFamily } from '@/server/chains/registry';
import { FamilyConnectList } from './family-connect-list';
import { useKeptFocus } from './use-kept-focus';

interface WalletActionAreaProps {
  family: ChainFamily;
  connected: boolean;
  /** The button opens the wallet list (no wallet yet) instead of acting. */
  connects: boolean;
  label: string;
  disabled: boolean;
  danger?: boolean;
  /** The wallet's chain switch, which the button waits for. */
  switching: { isPending: boolean; error: Error | null };
  onAction: () => void;
}

/**
 * The big button under a form, the wallet list it opens while no wallet of the form's family is connected,
 * and why the last chain switch failed.
 */
export function WalletActionArea({ family, connected, connects, label, disabled, danger, switching, onAction }: WalletActionAreaProps) {
  const [connectOpen, setConnectOpen] = useState(false);
  const usable = !disabled && !switching.isPending;
  const { area, button } = useKeptFocus<HTMLDivElement>(usable);
  return (
    <>
      <div className="action" ref={area}>
        <button
          ref={button}
          type="button"
          className={`action-button${danger ? ' danger' : ''}`}
          disabled={!usable}
          onClick={() => (connects ? setConnectOpen(!connectOpen) : onAction())}
        >
          {switching.isPending ? 'Switching…' : label}
        </button>
        {connectOpen && !connected && <FamilyConnectList family={family} onDone={() => setConnectOpen(false)} />}
      </div>
      {switching.error && (
        <p role="alert" className="error small">
          {describeError(switching.error)}
        </p>
      )}
    </>
  );
}
