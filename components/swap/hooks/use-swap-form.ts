'use client';

import { useReducer } from 'react';
import type { ChainId } from '@/server/chains/registry';
import { defaultPair, sameToken, type SwapToken } from '../lib/tokens';
import type { Priority } from './use-swap-quote';

export type Percent = 25 | 50 | 100;

/** An amount typed in, or a share of the balance the server resolves when quoting. */
export type AmountMode = { kind: 'exact' } | { kind: 'percent'; percent: Percent };

export type AmountSide = 'pay' | 'receive';

export interface SwapForm {
  chain: ChainId;
  tokenIn?: SwapToken;
  tokenOut?: SwapToken;
  amountText: string;
  /** The field typed in: `pay` quotes by exact input, `receive` by exact output (amountText is then tokenOut). */
  side: AmountSide;
  mode: AmountMode;
  /** Basis points. */
  slippageBps: number;
  priority: Priority;
}

type FormEvent =
  | { type: 'chain'; chain: ChainId }
  /** The chain's opening pair, once its tokens are known; `tokenOut` is one a link asked for. */
  | { type: 'defaults'; tokens: readonly SwapToken[]; tokenOut?: SwapToken }
  /** The pair kept from an earlier visit (use-remembered-pair). */
  | { type: 'restore'; chain: ChainId; tokenIn?: SwapToken; tokenOut?: SwapToken }
  | { type: 'tokenIn'; token: SwapToken }
  | { type: 'tokenOut'; token: SwapToken }
  | { type: 'flip' }
  | { type: 'amount'; text: string }
  | { type: 'amountOut'; text: string }
  | { type: 'percent'; percent: Percent }
  | { type: 'clearAmount' }
  | { type: 'slippage'; bps: number }
  | { type: 'priority'; priority: Priority };

export const DEFAULT_SLIPPAGE_BPS = 50;

function reduce(form: SwapForm, event: FormEvent): SwapForm {
  switch (event.type) {
    case 'chain':
      return event.chain === form.chain ? form : { ...form, chain: event.chain, tokenIn: undefined, tokenOut: undefined, mode: { kind: 'exact' } };
    case 'defaults':
      return form.tokenIn || form.tokenOut ? form : { ...form, ...defaultPair(event.tokens, event.tokenOut) };
    case 'restore':
      return { ...form, chain: event.chain, tokenIn: event.tokenIn, tokenOut: event.tokenOut, mode: { kind: 'exact' } };
    case 'tokenIn':
      // Picking the token on the other side swaps the two, as people expect.
      return sameToken(event.token, form.tokenOut) ? { ...form, tokenIn: event.token, tokenOut: form.tokenIn } : { ...form, tokenIn: event.token };
    case 'tokenOut':
      return sameToken(event.token, form.tokenIn) ? { ...form, tokenOut: event.token, tokenIn: form.tokenOut } : { ...form, tokenOut: event.token };
    case 'flip':
      // The typed amount stays with its token: it moves to the other field.
      return {
        ...form,
        tokenIn: form.tokenOut,
        tokenOut: form.tokenIn,
        mode: { kind: 'exact' },
        side: form.side === 'pay' && form.mode.kind === 'exact' ? 'receive' : 'pay',
        amountText: form.mode.kind === 'percent' ? '' : form.amountText,
      };
    case 'amount':
      return { ...form, amountText: event.text, side: 'pay', mode: { kind: 'exact' } };
    case 'amountOut':
      return { ...form, amountText: event.text, side: 'receive', mode: { kind: 'exact' } };
    case 'percent':
      return { ...form, amountText: '', side: 'pay', mode: { kind: 'percent', percent: event.percent } };
    case 'clearAmount':
      return { ...form, amountText: '', mode: { kind: 'exact' } };
    case 'slippage':
      return { ...form, slippageBps: event.bps };
    case 'priority':
      return { ...form, priority: event.priority };
    default:
      return form;
  }
}

export function useSwapForm(initialChain: ChainId) {
  const [form, dispatch] = useReducer(reduce, {
    chain: initialChain,
    amountText: '',
    side: 'pay',
    mode: { kind: 'exact' },
    slippageBps: DEFAULT_SLIPPAGE_BPS,
    priority: 'MEDIUM',
  } satisfies SwapForm);
  return { form, dispatch };
}

export type SwapFormDispatch = ReturnType<typeof useSwapForm>['dispatch'];
