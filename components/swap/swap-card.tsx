'use client';

import { useEffect, useState } from 'react';
import { useSelectedChain } from '@/components/layout/selected-chain';
import { SolanaWalletList } from '@/components/wallet/solana-wallet-button';
import { useFamilyWallet } from '@/components/wallet/use-family-wallet';
import { ConnectorList } from '@/components/wallet/wallet-button';
import { useWalletFamily } from '@/components/wallet/wallet-family';
import { CHAINS, isEvmChain, type ChainId } from '@/server/chains/registry';
import { AmountChips } from './amount-chips';
import { ChainPicker } from './chain-picker';
import { useDebouncedValue } from './hooks/use-debounced-value';
import { useKnownTokens, useLinkedToken } from './hooks/use-known-tokens';
import { useSwapExecution } from './hooks/use-swap-execution';
import { useSwapForm, type SwapFormDispatch } from './hooks/use-swap-form';
import { useSwapQuote, type QuoteRequest } from './hooks/use-swap-quote';
import { useSwitchToChain } from './hooks/use-switch-to-chain';
import { useTokenBalance } from './hooks/use-token-balance';
import { describeError } from './lib/error-messages';
import { formatAmount, parseAmount, toInputText } from './lib/format';
import { CONFIRM_WORD, priceImpactLevel } from './lib/price-impact';
import { decideSwapAction } from './lib/swap-action';
import { isNative, nativeGasReserve } from './lib/tokens';
import { PriceImpactNotice } from './price-impact-notice';
import { QuoteDetails } from './quote-details';
import { SettingsPanel } from './settings-panel';
import { SwapProgress } from './swap-progress';
import { SwapResult } from './swap-result';
import { TokenPanel } from './token-panel';
import { TokenSelectDialog } from './token-select-dialog';

const DEFAULT_CHAIN: ChainId = 'BASE';
const QUOTE_DEBOUNCE_MS = 350;

/**
 * The swap form: pick chain, tokens and amount, read the live quote, and swap through the wallet of the
 * chain's family (an EVM wallet on EVM chains, a Solana wallet on Solana; both stay connected).
 * A link may open it on a chain with a token to receive (a token page's Trade button).
 */
export function SwapCard({ initialChain = DEFAULT_CHAIN, linkedTokenOut }: { initialChain?: ChainId; linkedTokenOut?: string }) {
  const { form, dispatch } = useSwapForm(initialChain);
  const { chain, tokenIn, tokenOut, mode } = form;
  const chainInfo = CHAINS[chain];
  const family = chainInfo.family;
  const { address, connected, walletChainId } = useFamilyWallet(family);
  const evmWallet = useFamilyWallet('evm');
  const { setFamily } = useWalletFamily();
  const known = useKnownTokens(chain);
  const tokens = known.data?.tokens ?? [];
  const linked = useLinkedToken(chain, chain === initialChain ? linkedTokenOut : undefined, known.data?.tokens);
  const { setChain: publishChain } = useSelectedChain();
  const execution = useSwapExecution();
  const running = execution.flow.status === 'running';
  const switcher = useSwitchToChain();
  const [picking, setPicking] = useState<'pay' | 'receive'>();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [connectOpen, setConnectOpen] = useState(false);
  const [confirmText, setConfirmText] = useState('');

  // The header shows the wallet of the form's chain family while this page is open.
  useEffect(() => {
    setFamily(family);
    return () => setFamily('evm');
  }, [family, setFamily]);
  useEffect(() => publishChain(chain), [chain, publishChain]);
  useEffect(() => {
    if (known.data && linked.settled) dispatch({ type: 'defaults', tokens: known.data.tokens, tokenOut: linked.token });
  }, [known.data, linked.settled, linked.token, dispatch]);
  // A finished swap clears the amount (its result stays on screen until the next edit).
  useEffect(() => {
    if (execution.flow.status === 'succeeded') dispatch({ type: 'clearAmount' });
  }, [execution.flow.status, dispatch]);

  /** Any edit starts a new swap: the previous one's progress and result go away. */
  const edit: SwapFormDispatch = (event) => {
    if (execution.flow.status !== 'idle' && !running) execution.reset();
    setConfirmText('');
    dispatch(event);
  };

  const balanceIn = useTokenBalance(chain, tokenIn, connected ? address : undefined);
  const balanceOut = useTokenBalance(chain, tokenOut, connected ? address : undefined);

  const amountRaw = mode.kind === 'exact' && tokenIn ? parseAmount(form.amountText, tokenIn.decimals) : undefined;
  const amountInvalid = mode.kind === 'exact' && form.amountText.trim() !== '' && amountRaw === undefined;
  const hasAmount = mode.kind === 'percent' || (amountRaw !== undefined && amountRaw > 0n);
  const insufficient = tokenIn && amountRaw !== undefined && balanceIn.balance !== undefined && amountRaw > balanceIn.balance ? tokenIn.symbol : undefined;
  const amount = mode.kind === 'percent' ? `${mode.percent}%` : amountRaw !== undefined && amountRaw > 0n ? amountRaw.toString() : undefined;

  // A quote builds the wallet's transactions (nonce, approval, recipient), so it needs the wallet.
  const request: QuoteRequest | undefined = tokenIn && tokenOut && amount && !insufficient && connected
    ? { chain, tokenIn: tokenIn.address, tokenOut: tokenOut.address, amount, slippage: form.slippageBps, priority: form.priority, trader: address }
    : undefined;
  const requestKey = request ? JSON.stringify(request) : '';
  const settledKey = useDebouncedValue(requestKey, QUOTE_DEBOUNCE_MS);
  const settled = request && settledKey === requestKey ? request : undefined;
  const live = useSwapQuote(settled, { paused: running });
  const quote = settled ? live.quote : undefined;
  const quoteState = !request ? 'none' : !settled || (live.isFetching && !quote) ? 'loading' : live.error ? 'error' : quote ? 'ready' : 'loading';

  const impact = quote ? priceImpactLevel(quote.stats.priceImpact) : 'none';
  const action = decideSwapAction({
    running,
    connected,
    // Only EVM wallets have a chain to be on.
    onChain: !isEvmChain(chain) || walletChainId === chainInfo.chainId,
    chainName: chainInfo.name,
    hasTokens: !!tokenIn && !!tokenOut,
    amountInvalid,
    hasAmount,
    insufficient,
    quote: quoteState,
    impact,
    confirmed: confirmText.trim().toLowerCase() === CONFIRM_WORD,
  });

  const onAction = () => {
    if (action.kind === 'connect') setConnectOpen(!connectOpen);
    if (action.kind === 'switch' && isEvmChain(chain)) switcher.switchTo(chain);
    if (action.kind === 'swap' && quote && tokenIn && tokenOut && address) {
      void execution.execute({ chain, account: address, tokenIn, tokenOut, transaction: quote.transaction });
    }
  };

  const onMax = () => {
    if (!tokenIn || balanceIn.balance === undefined) return;
    const max = isNative(tokenIn) ? balanceIn.balance - nativeGasReserve(tokenIn.decimals) : balanceIn.balance;
    edit({ type: 'amount', text: toInputText(max > 0n ? max : 0n, tokenIn.decimals) });
  };

  const payText = mode.kind === 'percent'
    ? (quote && tokenIn ? formatAmount(quote.stats.amountIn, tokenIn.decimals).replace(/,/g, '') : '')
    : form.amountText;
  const receiveText = quote && tokenOut ? formatAmount(quote.stats.amountOut, tokenOut.decimals) : '';
  const balanceNote = connected ? (balanceIn.error ? 'Balance unavailable' : balanceIn.isLoading ? 'Balance …' : undefined) : 'Connect a wallet to see balances';

  return (
    <section className="swap-card" aria-label="Swap">
      <div className="swap-card-head">
        <h1>Swap</h1>
        <div className="swap-card-tools">
          <ChainPicker value={chain} disabled={running} onChange={(next) => { edit({ type: 'chain', chain: next }); if (isEvmChain(next) && evmWallet.connected) switcher.switchTo(next); }} />
          <button type="button" className="icon-button" aria-label="Settings" aria-expanded={settingsOpen} onClick={() => setSettingsOpen(!settingsOpen)}>⚙</button>
        </div>
      </div>
      {settingsOpen && (
        <SettingsPanel
          slippageBps={form.slippageBps}
          priority={form.priority}
          onSlippage={(bps) => edit({ type: 'slippage', bps })}
          onPriority={(priority) => edit({ type: 'priority', priority })}
        />
      )}

      <TokenPanel
        side="pay"
        token={tokenIn}
        amount={payText}
        placeholder={mode.kind === 'percent' ? `${mode.percent}% of balance` : '0'}
        onAmount={(text) => edit({ type: 'amount', text })}
        balance={connected ? balanceIn.balance : undefined}
        balanceNote={balanceNote}
        usd={quote?.stats.valueAmountInUsd}
        disabled={running}
        onPickToken={() => setPicking('pay')}
      >
        <AmountChips
          active={mode.kind === 'percent' ? mode.percent : undefined}
          disabled={running || !connected}
          maxDisabled={balanceIn.balance === undefined}
          onPercent={(percent) => edit({ type: 'percent', percent })}
          onMax={onMax}
        />
      </TokenPanel>
      <div className="flip">
        <button type="button" className="flip-button" aria-label="Switch tokens" disabled={running} onClick={() => edit({ type: 'flip' })}>↓</button>
      </div>
      <TokenPanel
        side="receive"
        token={tokenOut}
        amount={receiveText}
        loading={quoteState === 'loading'}
        balance={connected ? balanceOut.balance : undefined}
        balanceNote={connected ? undefined : ''}
        disabled={running}
        onPickToken={() => setPicking('receive')}
      />

      {known.error && <p role="alert" className="error">Could not load the tokens of {chainInfo.name}: {known.error.message}</p>}
      {!connected && hasAmount && tokenIn && tokenOut && (
        <p className="muted small">
          {family === 'solana' ? 'Connect a Solana wallet to get a quote: it is built for the wallet that signs it.' : 'Connect a wallet to get a quote: it is built for the wallet that sends it.'}
        </p>
      )}
      {quoteState === 'error' && live.error && <p role="alert" className="error quote-error">{describeError(live.error)}</p>}
      {quote && tokenIn && tokenOut && (
        <QuoteDetails
          chain={chain}
          quote={quote}
          tokenIn={tokenIn}
          tokenOut={tokenOut}
          tokens={tokens}
          secondsLeft={live.secondsLeft}
          lifetimeSeconds={live.lifetimeSeconds}
          refreshing={live.isFetching}
          paused={running}
          onRefresh={live.refresh}
        />
      )}
      {quote && <PriceImpactNotice level={impact} typed={confirmText} onTyped={setConfirmText} />}

      {execution.flow.status !== 'idle' && (
        <div className="execution">
          <SwapProgress flow={execution.flow} />
          {execution.flow.error && <p role="alert" className="error">{execution.flow.error}</p>}
          {execution.flow.note && <p role="status" className="warn small">{execution.flow.note}</p>}
          {execution.flow.result && <SwapResult result={execution.flow.result} />}
          {!running && <button type="button" className="secondary-button" onClick={execution.reset}>{execution.flow.status === 'succeeded' ? 'Done' : 'Dismiss'}</button>}
        </div>
      )}

      <div className="action">
        <button
          type="button"
          className={`action-button${impact === 'high' || impact === 'blocking' ? ' danger' : ''}`}
          disabled={action.kind === 'none' || switcher.isPending}
          onClick={onAction}
        >
          {switcher.isPending ? 'Switching…' : action.label}
        </button>
        {connectOpen && !connected && (family === 'solana'
          ? <SolanaWalletList onDone={() => setConnectOpen(false)} />
          : <ConnectorList onDone={() => setConnectOpen(false)} />)}
      </div>
      {switcher.error && <p role="alert" className="error small">{describeError(switcher.error)}</p>}

      {picking && (
        <TokenSelectDialog
          chain={chain}
          title={picking === 'pay' ? 'Select a token to pay' : 'Select a token to receive'}
          tokens={tokens}
          selected={picking === 'pay' ? tokenIn : tokenOut}
          onClose={() => setPicking(undefined)}
          onSelect={(token) => {
            edit({ type: picking === 'pay' ? 'tokenIn' : 'tokenOut', token });
            setPicking(undefined);
          }}
        />
      )}
    </section>
  );
}
