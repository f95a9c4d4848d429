/**
 * Solana transaction errors (as the RPC reports them in `err`) turned into error codes, by error name and by
 * the failing instruction's program and custom code, never by log text.
 */
import type { ErrorCode } from '@/server/errors';
import { isTokenProgram, SYSTEM_PROGRAM } from './programs';
import type { CompiledMessage } from './transactions';

export type SolanaFailureCode = Extract<
  ErrorCode,
  'QUOTE_EXPIRED' | 'INSUFFICIENT_FUNDS_FOR_GAS' | 'NONCE_ALREADY_USED' | 'INVALID_SIGNATURE' | 'SIMULATION_FAILED' | 'INSUFFICIENT_BALANCE'
>;

/** SystemError::ResultWithNegativeLamports and TokenError::InsufficientFunds are both custom error 1. */
const INSUFFICIENT_FUNDS_CODE = 1;

export interface SolanaFailure {
  code: SolanaFailureCode;
  reason: string;
}

export function classifySolanaError(err: unknown, message?: CompiledMessage): SolanaFailure {
  const reason = JSON.stringify(err);
  if (typeof err === 'string') {
    if (err === 'BlockhashNotFound') return { code: 'QUOTE_EXPIRED', reason: 'the blockhash expired before the transaction landed' };
    if (err === 'InsufficientFundsForFee' || err === 'AccountNotFound') return { code: 'INSUFFICIENT_FUNDS_FOR_GAS', reason };
    if (err === 'AlreadyProcessed') return { code: 'NONCE_ALREADY_USED', reason: 'this transaction was already processed' };
    if (err === 'SignatureFailure') return { code: 'INVALID_SIGNATURE', reason };
    return { code: 'SIMULATION_FAILED', reason };
  }
  if (err && typeof err === 'object') {
    if ('InsufficientFundsForRent' in err) return { code: 'INSUFFICIENT_FUNDS_FOR_GAS', reason };
    const instructionError = (err as { InstructionError?: [number, unknown] }).InstructionError;
    if (instructionError) {
      const [index, detail] = instructionError;
      const custom = detail && typeof detail === 'object' ? (detail as { Custom?: number }).Custom : undefined;
      const program = message ? programOf(message, index) : undefined;
      if (custom === INSUFFICIENT_FUNDS_CODE && program && (program === SYSTEM_PROGRAM || isTokenProgram(program))) {
        return { code: 'INSUFFICIENT_BALANCE', reason: `instruction ${index} moves more than the account holds` };
      }
      if (detail === 'InsufficientFunds') return { code: 'INSUFFICIENT_BALANCE', reason };
    }
  }
  return { code: 'SIMULATION_FAILED', reason };
}

function programOf(message: CompiledMessage, index: number): string | undefined {
  const instruction = message.instructions[index];
  if (!instruction) return undefined;
  return message.staticAccounts[instruction.programAddressIndex];
}
