'use client';

import { useState } from 'react';
import { Announcement } from '@/components/layout/announcement';
import { PriceOnlyHint } from '@/components/quotes/price-only-hint';
import { QuoteError } from '@/components/quotes/quote-error';
import { formatAmount } from '@/server/display/amount-text';
import { TokenSelectDialog } from '@/components/swap/token-select-dialog';
import { BridgeActionArea } from './bridge-action-area';
import { BridgeDepositProgress } from './bridge-deposit-progress';
import { BridgeFormHeader } from './bridge-form-header';
import { BridgeQuoteDetails } from './bridge-quote-details';
import { BridgeReceivePanel } from './bridge-receive-panel';
import { BridgeSendPanel } from './bridge-send-panel';
import { useBridgeCard, type BridgeCardState } from './hooks/use-bridge-card';
import { bridgeTokenChoices, knownCoins } from './lib/bridge-tokens';
import { isCrossFamily } from './lib/recipient';
import { RecipientField } from './recipient-field';

/**
 * The bridge form: pick the two chains, the token to send and the token to receive (each chain's native
 * coin unless another is picked), the amount and who receives, read the live quote and its route, and
 * pay the deposit with the wallet of the source chain's family (an EVM wallet sends it, after the
 * approval a token needs; a Solana wallet signs it). The tracker takes over once the deposit is out.
 */
export function BridgeCard() {
  const card = useBridgeCard();
  const {
    form: { source, destination },
    tokenIn,
    tokenOut,
    tokens,
    sourceWallet,
    from,
    destinationWallet,
    depositor,
    hasAmount,
    recipientText,
    recipient,
    quote: { live, quote, state, countdown },
    edit,
  } = card;
  const [picking, setPicking] = useState<'in' | 'out'>();
  const receivedSymbol = quote?.stats.symbolOut ?? tokenOut.symbol;

  return (
    <section className="swap-card bridge-card" aria-label="Bridge">
      <BridgeFormHeader card={card} />

      <BridgeSendPanel card={card} onPickToken={() => setPicking('in')} />
      <div className="flip">
        <button type="button" className="flip-button" aria-label="Switch chains" disabled={depositor.running} onClick={card.flip}>
          ↓
        </button>
      </div>
      <BridgeReceivePanel card={card} onPickToken={() => setPicking('out')} />
      <Announcement
        topic="quote"
        text={quote ? `Quote: ${formatAmount(quote.stats.amountOut, quote.stats.decimalsOut ?? tokenOut.decimals)} ${receivedSymbol} arrives` : ''}
      />

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

      {!sourceWallet.connected && quote && <PriceOnlyHint family={from.family} action="bridge" />}
      {tokens.in.error && (
        <p role="alert" className="error">
          Could not load the tokens of {from.name}: {tokens.in.error.message}
        </p>
      )}
      <QuoteError state={state} error={live.error} />
      {quote && (
        <BridgeQuoteDetails
          destination={destination}
          quote={quote}
          coins={{ in: tokenIn, out: tokenOut }}
          known={knownCoins(source, tokens.in.data?.tokens, destination, tokens.out.data?.tokens)}
          countdown={countdown}
          slippageBps={card.form.slippageBps}
        />
      )}
      <BridgeDepositProgress card={card} />
      {depositor.error && (
        <p role="alert" className="error quote-error" data-testid="deposit-error">
          {depositor.error}
        </p>
      )}

      <BridgeActionArea card={card} />
      {picking && <BridgeTokenPicker card={card} side={picking} onClose={() => setPicking(undefined)} />}
    </section>
  );
}

/** The swap page's token picker over one side's chain, with the balances of that chain's connected wallet. */
function BridgeTokenPicker({ card, side, onClose }: { card: BridgeCardState; side: 'in' | 'out'; onClose: () => void }) {
  const { form, tokenIn, tokenOut, tokens, sourceWallet, destinationWallet, edit } = card;
  const wallet = side === 'in' ? sourceWallet : destinationWallet;
  return (
    <TokenSelectDialog
      chain={side === 'in' ? form.source : form.destination}
      title={side === 'in' ? 'Select a token to send' : 'Select a token to receive'}
      tokens={bridgeTokenChoices(side === 'in' ? form.source : form.destination, tokens[side].data?.tokens ?? [side === 'in' ? tokenIn : tokenOut])}
      selected={side === 'in' ? tokenIn : tokenOut}
      wallet={wallet.connected ? wallet.address : undefined}
      onClose={onClose}
      onSelect={(token) => {
        edit({ type: side === 'in' ? 'tokenIn' : 'tokenOut', token });
        onClose();
      }}
    />
  );
}
