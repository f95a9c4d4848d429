'use client';

import { useEffect, useReducer, useState } from 'react';
import { useDebouncedValue } from '@/components/swap/hooks/use-debounced-value';
import { useSwitchToChain } from '@/components/swap/hooks/use-switch-to-chain';
import { describeError } from '@/components/swap/lib/error-messages';
import { formatAmount, formatUsd, parseAmount, toInputText } from '@/components/swap/lib/format';
import { nativeGasReserve } from '@/components/swap/lib/tokens';
import { TokenIcon } from '@/components/swap/token-icon';
import { SolanaWalletList } from '@/components/wallet/solana-wallet-button';
import { useFamilyWallet } from '@/components/wallet/use-family-wallet';
import { ConnectorList } from '@/components/wallet/wallet-button';
import { useWalletFamily } from '@/components/wallet/wallet-family';
import { CHAINS, isEvmChain, type ChainId } from '@/server/chains/registry';
import { BridgeChainPicker } from './bridge-chain-picker';
import { BridgeQuoteDetails } from './bridge-quote-details';
import { useBridgeDeposit, type DepositPhase } from './hooks/use-bridge-deposit';
import { useBridgeQuote, type BridgeQuoteRequest } from './hooks/use-bridge-quote';
import { useNativeBalance } from './hooks/use-native-balance';
import { decideBridgeAction } from './lib/bridge-action';
import { bridgeFormReducer, initialBridgeForm, type BridgeFormEvent } from './lib/bridge-form';
import { checkRecipient, defaultRecipient, isCrossFamily } from './lib/recipient';
import { RecipientField } from './recipient-field';

const QUOTE_DEBOUNCE_MS = 350;

const RUNNING_LABEL: Record<Exclude<DepositPhase, 'idle'>, string> = {
  wallet: 'Confirm the deposit in your wallet',
  sending: 'Sending the deposit…',
  sent: 'Opening the tracker…',
};

/**
 * The bridge form: pick the two chains, the amount of the source chain's native coin and who receives,
 * read the live quote, and pay the deposit with the wallet of the source chain's family (an EVM wallet
 * sends it, a Solana wallet signs it). The tracker takes over once the deposit is out.
 */
export function BridgeCard() {
  const [form, dispatch] = useReducer(bridgeFormReducer, undefined, () => initialBridgeForm());
  const { source, destination } = form;
  const from = CHAINS[source];
  const to = CHAINS[destination];
  const sourceWallet = useFamilyWallet(from.family);
  const evmWallet = useFamilyWallet('evm');
  const solanaWallet = useFamilyWallet('solana');
  const destinationWallet = to.family === 'evm' ? evmWallet : solanaWallet;
  const { setFamily } = useWalletFamily();
  const switcher = useSwitchToChain();
  const depositor = useBridgeDeposit();
  const [connectOpen, setConnectOpen] = useState(false);

  // The header shows the wallet of the source chain's family while this page is open.
  useEffect(() => {
    setFamily(from.family);
    return () => setFamily('evm');
  }, [from.family, setFamily]);

  const edit = (event: BridgeFormEvent) => {
    depositor.clearError();
    dispatch(event);
  };
  const pickSource = (chain: ChainId) => {
    edit({ type: 'source', chain });
    if (isEvmChain(chain) && evmWallet.connected) switcher.switchTo(chain);
  };
  const flip = () => {
    edit({ type: 'flip' });
    if (isEvmChain(destination) && evmWallet.connected) switcher.switchTo(destination);
  };

  const balance = useNativeBalance(source, sourceWallet.connected ? sourceWallet.address : undefined);
  const amountRaw = parseAmount(form.amountText, from.nativeDecimals);
  const amountInvalid = form.amountText.trim() !== '' && amountRaw === undefined;
  const hasAmount = amountRaw !== undefined && amountRaw > 0n;
  const insufficient = hasAmount && balance.balance !== undefined && amountRaw > balance.balance ? from.nativeSymbol : undefined;

  const recipientText = form.recipientText ?? defaultRecipient(source, destination, evmWallet.address);
  const recipient = checkRecipient(recipientText, source, destination);

  // A quote builds the deposit for the wallet that pays it, so it needs that wallet.
  const request: BridgeQuoteRequest | undefined = hasAmount && !insufficient && recipient.ok && sourceWallet.address
    ? { source, destination, amount: amountRaw.toString(), trader: sourceWallet.address, recipient: recipient.recipient }
    : undefined;
  const requestKey = request ? JSON.stringify(request) : '';
  const settledKey = useDebouncedValue(requestKey, QUOTE_DEBOUNCE_MS);
  const settled = request && settledKey === requestKey ? request : undefined;
  const live = useBridgeQuote(settled, { paused: depositor.running });
  const quote = settled ? live.quote : undefined;
  const quoteState = !request ? 'none' : !settled || (live.isFetching && !quote) ? 'loading' : live.error ? 'error' : quote ? 'ready' : 'loading';

  const action = decideBridgeAction({
    running: depositor.running,
    connected: sourceWallet.connected,
    sourceFamilyName: from.family,
    // Only EVM wallets have a chain to be on.
    onChain: !isEvmChain(source) || sourceWallet.walletChainId === from.chainId,
    sourceName: from.name,
    amountInvalid,
    hasAmount,
    insufficient,
    recipientOk: recipient.ok,
    quote: quoteState,
  });

  const onAction = () => {
    if (action.kind === 'connect') setConnectOpen(!connectOpen);
    if (action.kind === 'switch' && isEvmChain(source)) switcher.switchTo(source);
    if (action.kind === 'bridge' && quote && sourceWallet.address) {
      void depositor.deposit({ source, account: sourceWallet.address, transaction: quote.transaction });
    }
  };

  const onMax = () => {
    if (balance.balance === undefined) return;
    // The deposit itself pays gas on the source chain: keep some back.
    const max = balance.balance - nativeGasReserve(from.nativeDecimals);
    edit({ type: 'amount', text: toInputText(max > 0n ? max : 0n, from.nativeDecimals) });
  };

  const balanceText = !sourceWallet.connected
    ? 'Connect a wallet to see the balance'
    : balance.balance !== undefined ? `Balance ${formatAmount(balance.balance, from.nativeDecimals)} ${from.nativeSymbol}`
      : balance.error ? 'Balance unavailable' : 'Balance …';

  return (
    <section className="swap-card bridge-card" aria-label="Bridge">
      <div className="swap-card-head">
        <h1>Bridge</h1>
      </div>

      <div className="token-panel">
        <div className="token-panel-row">
          <span className="token-panel-label">From</span>
          <BridgeChainPicker label="From chain" value={source} disabled={depositor.running} onChange={pickSource} />
        </div>
        <div className="token-panel-row">
          <input
            className="amount-input"
            aria-label="Amount to send"
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            placeholder="0"
            value={form.amountText}
            disabled={depositor.running}
            onChange={(event) => edit({ type: 'amount', text: event.target.value.replace(',', '.') })}
          />
          <span className="token-button static">
            <TokenIcon symbol={from.nativeSymbol} address={source} size={24} />
            <span className="token-button-symbol">{from.nativeSymbol}</span>
          </span>
        </div>
        <div className="token-panel-row small muted">
          <span>{quote ? formatUsd(Number(quote.stats.amountInUsd)) : '\u00a0'}</span>
          <span className="token-meta">
            <span className="token-balance" data-testid="send-balance">{balanceText}</span>
            <button type="button" className="chip" disabled={depositor.running || balance.balance === undefined} onClick={onMax}>Max</button>
          </span>
        </div>
      </div>
      <div className="flip">
        <button type="button" className="flip-button" aria-label="Switch chains" disabled={depositor.running} onClick={flip}>↓</button>
      </div>
      <div className={`token-panel${quoteState === 'loading' ? ' loading' : ''}`}>
        <div className="token-panel-row">
          <span className="token-panel-label">To</span>
          <BridgeChainPicker label="To chain" value={destination} disabled={depositor.running} onChange={(chain) => edit({ type: 'destination', chain })} />
        </div>
        <div className="token-panel-row">
          <input
            className="amount-input"
            aria-label="Amount to receive"
            placeholder="0"
            readOnly
            value={quote ? formatAmount(quote.stats.amountOut, to.nativeDecimals) : ''}
          />
          <span className="token-button static">
            <TokenIcon symbol={to.nativeSymbol} address={destination} size={24} />
            <span className="token-button-symbol">{to.nativeSymbol}</span>
          </span>
        </div>
        <div className="token-panel-row small muted">
          <span>{quote ? formatUsd(Number(quote.stats.amountOutUsd)) : '\u00a0'}</span>
        </div>
      </div>

      <RecipientField
        destination={destination}
        value={recipientText}
        check={recipient}
        // Between EVM chains the wallet fills the field once it connects: no error before that.
        emphasize={hasAmount && (isCrossFamily(source, destination) || sourceWallet.connected)}
        ownWallet={destinationWallet.address}
        disabled={depositor.running}
        onChange={(text) => edit({ type: 'recipient', text })}
      />

      {!sourceWallet.connected && hasAmount && (
        <p className="muted small">
          {from.family === 'solana'
            ? 'Connect a Solana wallet to get a quote: the deposit is built for the wallet that signs it.'
            : 'Connect a wallet to get a quote: the deposit is built for the wallet that sends it.'}
        </p>
      )}
      {quoteState === 'error' && live.error && <p role="alert" className="error quote-error">{describeError(live.error)}</p>}
      {quote && (
        <BridgeQuoteDetails
          source={source}
          destination={destination}
          quote={quote}
          secondsLeft={live.secondsLeft}
          lifetimeSeconds={live.lifetimeSeconds}
          refreshing={live.isFetching}
          paused={depositor.running}
          onRefresh={live.refresh}
        />
      )}
      {depositor.error && <p role="alert" className="error quote-error" data-testid="deposit-error">{depositor.error}</p>}

      <div className="action">
        <button type="button" className="action-button" disabled={action.kind === 'none' || switcher.isPending} onClick={onAction}>
          {switcher.isPending ? 'Switching…' : depositor.phase !== 'idle' ? RUNNING_LABEL[depositor.phase] : action.label}
        </button>
        {connectOpen && !sourceWallet.connected && (from.family === 'solana'
          ? <SolanaWalletList onDone={() => setConnectOpen(false)} />
          : <ConnectorList onDone={() => setConnectOpen(false)} />)}
      </div>
      {switcher.error && <p role="alert" className="error small">{describeError(switcher.error)}</p>}
    </section>
  );
}
