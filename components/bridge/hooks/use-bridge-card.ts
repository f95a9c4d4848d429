'use client';

import { useApprovalSize } from '@/components/quotes/approval-setting';
import { useReducer } from 'react';
import { useSettledQuote } from '@/components/quotes/use-settled-quote';
import { useKnownTokens } from '@/components/swap/hooks/use-known-tokens';
import { parseAmount } from '@/components/swap/lib/format';
import { useChainWallet } from '@/components/wallet/use-family-wallet';
import { useHeaderWalletFamily } from '@/components/wallet/use-header-wallet-family';
import { useSwitchToChain } from '@/components/wallet/use-switch-to-chain';
import { CHAINS, type ChainId } from '@/server/chains/registry';
import { bridgeFormReducer, initialBridgeForm, type BridgeFormEvent } from '../lib/bridge-form';
import { bridgeQuoteRequest, type BridgeQuoteRequest } from '../lib/bridge-quote-request';
import { nativeToken } from '../lib/bridge-tokens';
import { checkRecipient, defaultRecipient } from '../lib/recipient';
import { useBridgeDeposit } from './use-bridge-deposit';
import { useBridgeQuote } from './use-bridge-quote';
import { useChainBalance } from './use-chain-balance';

/**
 * Everything the bridge form shows and does: the form, the tokens of both chains, the wallets of both
 * chains' families, the balance to send from, the recipient, the live quote and the deposit in flight.
 * The header shows the source chain's wallet while the form is open; moving the source moves a
 * connected EVM wallet along.
 */
export function useBridgeCard() {
  const [form, dispatch] = useReducer(bridgeFormReducer, undefined, () => initialBridgeForm());
  const { source, destination } = form;
  const from = CHAINS[source];
  const to = CHAINS[destination];
  const sourceWallet = useChainWallet(source);
  const destinationWallet = useChainWallet(destination);
  const switcher = useSwitchToChain();
  const depositor = useBridgeDeposit();
  useHeaderWalletFamily(source);

  const edit = (event: BridgeFormEvent) => {
    depositor.clearError();
    dispatch(event);
  };
  const pickSource = (chain: ChainId) => {
    edit({ type: 'source', chain });
    switcher.followChain(chain);
  };
  const flip = () => {
    edit({ type: 'flip' });
    switcher.followChain(destination);
  };

  const tokenIn = form.tokenIn ?? nativeToken(source);
  const tokenOut = form.tokenOut ?? nativeToken(destination);
  const tokensIn = useKnownTokens(source);
  const tokensOut = useKnownTokens(destination);
  const balance = useChainBalance(source, tokenIn.address, sourceWallet.connected ? sourceWallet.address : undefined);
  const amountRaw = parseAmount(form.amountText, tokenIn.decimals);
  const amountInvalid = form.amountText.trim() !== '' && amountRaw === undefined;
  const hasAmount = amountRaw !== undefined && amountRaw > 0n;
  const insufficient = hasAmount && balance.balance !== undefined && amountRaw > balance.balance ? tokenIn.symbol : undefined;

  const recipientText = form.recipientText ?? defaultRecipient(source, destination, sourceWallet.address);
  const recipient = checkRecipient(recipientText, source, destination);

  // A quote builds the deposit for the wallet that pays it; before that wallet connects it is a price only,
  // which needs no recipient yet (a recipient typed wrong still stops it: the form shows why).
  const [approval] = useApprovalSize();
  const priceOnly = !sourceWallet.address && !recipient.ok && recipient.empty;
  const request: BridgeQuoteRequest | undefined =
    hasAmount && !insufficient && (recipient.ok || priceOnly)
      ? bridgeQuoteRequest(form, {
          amount: amountRaw,
          trader: sourceWallet.address,
          recipient: recipient.ok ? recipient.recipient : undefined,
          tokenIn,
          tokenOut,
          approval,
        })
      : undefined;
  const quote = useSettledQuote(request, useBridgeQuote, { paused: depositor.running });

  return {
    form,
    from,
    to,
    tokenIn,
    tokenOut,
    tokens: { in: tokensIn, out: tokensOut },
    sourceWallet,
    destinationWallet,
    switcher,
    depositor,
    edit,
    pickSource,
    flip,
    balance,
    amountInvalid,
    hasAmount,
    insufficient,
    recipientText,
    recipient,
    quote,
  };
}

export type BridgeCardState = ReturnType<typeof useBridgeCard>;
