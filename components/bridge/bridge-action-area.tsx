'use client';

import { familyOf } from '@/components/wallet/chain-family';
import { isWalletOn } from '@/components/wallet/use-family-wallet';
import { WalletActionArea } from '@/components/wallet/wallet-action-area';
import type { BridgeCardState } from './hooks/use-bridge-card';
import type { DepositPhase } from '@/components/bridge/lib/deposit-progress';
import { decideBridgeAction } from './lib/bridge-action';

const RUNNING_LABEL: Record<Exclude<DepositPhase, 'idle'>, string> = {
  approve: 'Confirm the approval in your wallet',
  approving: 'Waiting for the approval…',
  wallet: 'Confirm the deposit in your wallet',
  sending: 'Sending the deposit…',
  sent: 'Opening the tracker…',
};

/**
 * The bridge button: connects, switches the wallet to the source chain, or pays the quoted deposit (after
 * the approval the quote asks for, when it asks for one).
 */
export function BridgeActionArea({ card }: { card: BridgeCardState }) {
  const {
    form: { source },
    from,
    sourceWallet,
    depositor,
    switcher,
    amountInvalid,
    hasAmount,
    insufficient,
    recipient,
    quote: { quote, state },
  } = card;
  const action = decideBridgeAction({
    running: depositor.running,
    connected: sourceWallet.connected,
    connectLabel: familyOf(source).connectLabel,
    onChain: isWalletOn(sourceWallet, source),
    sourceName: from.name,
    amountInvalid,
    hasAmount,
    insufficient,
    recipientOk: recipient.ok,
    quote: state,
    approve: !!quote?.transaction.approve,
  });

  const onAction = () => {
    if (action.kind === 'switch') switcher.switchTo(source);
    if (action.kind === 'bridge' && quote && sourceWallet.address) {
      void depositor.deposit({ source, account: sourceWallet.address, transaction: quote.transaction });
    }
  };

  return (
    <WalletActionArea
      family={from.family}
      connected={sourceWallet.connected}
      connects={action.kind === 'connect'}
      label={depositor.phase !== 'idle' ? RUNNING_LABEL[depositor.phase] : action.label}
      disabled={action.kind === 'none'}
      switching={switcher}
      onAction={onAction}
    />
  );
}
