'use client';

import { Announcement } from '@/components/layout/announcement';
import { ConnectForQuoteHint } from '@/components/quotes/connect-for-quote-hint';
import { QuoteError } from '@/components/quotes/quote-error';
import { formatAmount } from '@/components/swap/lib/format';
import { BridgeActionArea } from './bridge-action-area';
import { BridgeQuoteDetails } from './bridge-quote-details';
import { BridgeReceivePanel } from './bridge-receive-panel';
import { BridgeSendPanel } from './bridge-send-panel';
import { useBridgeCard } from './hooks/use-bridge-card';
import { isCrossFamily } from './lib/recipient';
import { RecipientField } from './recipient-field';

/**
 * The bridge form: pick the two chains, the amount of the source chain's native coin and who receives,
 * read the live quote, and pay the deposit with the wallet of the source chain's family (an EVM wallet
 * sends it, a Solana wallet signs it). The tracker takes over once the deposit is out.
 */
export function BridgeCard() {
  const card = useBridgeCard();
  const { form: { source, destination }, from, to, sourceWallet, destinationWallet, depositor, hasAmount, recipientText, recipient, quote: { live, quote, state, countdown }, edit } = card;

  return (
    <section className="swap-card bridge-card" aria-label="Bridge">
      <div className="swap-card-head">
        <h1>Bridge</h1>
      </div>

      <BridgeSendPanel card={card} />
      <div className="flip">
        <button type="button" className="flip-button" aria-label="Switch chains" disabled={depositor.running} onClick={card.flip}>↓</button>
      </div>
      <BridgeReceivePanel card={card} />
      <Announcement topic="quote" text={quote ? `Quote: ${formatAmount(quote.stats.amountOut, to.nativeDecimals)} ${to.nativeSymbol} arrives` : ''} />

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

      {!sourceWallet.connected && hasAmount && <ConnectForQuoteHint family={from.family} built="the deposit" />}
      <QuoteError state={state} error={live.error} />
      {quote && (
        <BridgeQuoteDetails
          source={source}
          destination={destination}
          quote={quote}
          countdown={countdown}
        />
      )}
      {depositor.error && <p role="alert" className="error quote-error" data-testid="deposit-error">{depositor.error}</p>}

      <BridgeActionArea card={card} />
    </section>
  );
}
