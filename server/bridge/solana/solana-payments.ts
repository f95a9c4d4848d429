/**
 * The solver's payments on Solana (fills and refunds): transfers with the requestId as memo, signed against a
 * fresh blockhash, sent, and settled: one the chain never saw whose blockhash is past can never land.
 */
import { address } from '@solana/kit';
import { rpcRefused } from '@/server/chains/rpc-answers';
import { getSignatureStatus } from '@/server/chains/solana/actions/get-signature-status';
import { isBlockhashValid } from '@/server/chains/solana/actions/is-blockhash-valid';
import { sendTransaction, TransactionRefusedError } from '@/server/chains/solana/actions/send-transaction';
import { waitForConfirmation } from '@/server/chains/solana/actions/wait-for-confirmation';
import { classifySolanaError } from '@/server/chains/solana/solana-errors';
import { readTransaction, signatureOf, wireTransaction } from '@/server/chains/solana/transactions';
import { NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import { tradeFailure } from '@/server/trade-failures';
import type { PaymentState, SignedPayment } from '../bridge-chain';
import { describeToken, transferWithMemo, withBlockhash, type SolanaBridgeContext } from './solana-bridge-context';
import { splPaymentInstructions } from './solana-token-deposits';

/**
 * Sends a signed transaction with preflight; one the chain already processed is not an error. A blockhash the
 * chain no longer knows is a refusal for a new deposit, and for a stored payment the sign that it never landed.
 */
export async function send(context: SolanaBridgeContext, raw: string, options: { expiredIsRefusal: boolean }): Promise<'sent' | 'expired'> {
  try {
    await sendTransaction(context.rpc, raw, { preflight: true });
    return 'sent';
  } catch (error) {
    if (!(error instanceof TransactionRefusedError)) throw error;
    const refusal = error.transactionError;
    if (refusal === 'BlockhashNotFound' && !options.expiredIsRefusal) return 'expired';
    if (refusal === undefined) throw rpcRefused('SOL', 'sendTransaction', error.rpcError);
    const failure = classifySolanaError(refusal, readTransaction(raw).message);
    throw tradeFailure(failure.code, failure.reason, 'trade');
  }
}

export async function signPayment(
  context: SolanaBridgeContext,
  { to, amount, requestId, token }: { to: string; amount: bigint; requestId: string; token?: string },
): Promise<SignedPayment> {
  const solver = context.solver.address;
  const unsigned =
    token && token !== NATIVE_TOKEN_ADDRESS
      ? await withBlockhash(
          context,
          solver,
          await splPaymentInstructions({
            payer: solver,
            from: solver,
            to: address(to),
            mint: token,
            decimals: describeToken(context, token, 'token').decimals,
            amount,
            memo: requestId,
          }),
        )
      : await transferWithMemo(context, { from: solver, to: address(to), amount, requestId });
  const transaction = await context.solver.sign(unsigned);
  return { txHash: signatureOf(transaction), raw: wireTransaction(transaction) };
}

export async function settlePayment(context: SolanaBridgeContext, payment: SignedPayment, timeoutMs: number, justSent: boolean): Promise<PaymentState> {
  const { rpc } = context;
  if (!justSent) {
    const known = await getSignatureStatus(rpc, payment.txHash);
    if (known?.confirmed) return known.err !== null ? 'reverted' : 'confirmed';
    if (!known) await send(context, payment.raw, { expiredIsRefusal: false });
  }
  const blockhash = readTransaction(payment.raw).message.lifetimeToken;
  const landed = await waitForConfirmation(rpc, payment.txHash, {
    timeoutMs,
    // Only a transaction the chain never saw, whose blockhash is past, can never land.
    expired: async (seen) => !seen && !(await isBlockhashValid(rpc, blockhash)) && !(await getSignatureStatus(rpc, payment.txHash)),
  });
  if (landed.state === 'confirmed') return landed.err !== null ? 'reverted' : 'confirmed';
  return landed.state === 'expired' ? 'dropped' : 'pending';
}
