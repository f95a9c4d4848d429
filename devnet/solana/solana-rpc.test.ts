import { describe, expect, it } from 'vitest';
import { RpcError, errorResponse } from './node/errors/rpc-error';
import { describeTransactionError, preflightFailure, transactionErrorToJson } from './node/errors/transaction-errors';
import { expectAddress, expectSignature } from './node/methods/rpc-params';
import { parseMint, parseTokenAccount } from './node/codecs/token-layouts';
import { stringifyJson } from './node/codecs/stringify-json';
import { formatUiAmount, uiTokenAmount } from './node/codecs/ui-token-amount';
import { getAddressEncoder, address } from '@solana/kit';

describe('solana rpc helpers', () => {
  it('formats token amounts like uiAmountString', () => {
    expect(formatUiAmount(0n, 6)).toBe('0');
    expect(formatUiAmount(1_234_500n, 6)).toBe('1.2345');
    expect(formatUiAmount(1n, 9)).toBe('0.000000001');
    expect(formatUiAmount(10_000_000_000n, 6)).toBe('10000');
    expect(formatUiAmount(42n, 0)).toBe('42');
    expect(uiTokenAmount(1_500_000n, 6)).toEqual({ amount: '1500000', decimals: 6, uiAmount: 1.5, uiAmountString: '1.5' });
  });

  it('writes u64 values as JSON numbers', () => {
    expect(stringifyJson({ a: 18446744073709551615n, b: 'x', c: [1n] })).toBe('{"a":18446744073709551615,"b":"x","c":[1]}');
  });

  it('maps LiteSVM errors to Solana JSON and messages', () => {
    expect(transactionErrorToJson(7)).toBe('BlockhashNotFound');
    class TransactionErrorInstructionError {
      index = 2;
      err() {
        return { code: 6001 };
      }
    }
    const custom = transactionErrorToJson(new TransactionErrorInstructionError());
    expect(custom).toEqual({ InstructionError: [2, { Custom: 6001 }] });
    expect(describeTransactionError(custom)).toBe('Error processing Instruction 2: custom program error: 0x1771');
    class Fieldless {
      index = 0;
      err() {
        return 7;
      }
    }
    expect(transactionErrorToJson(new Fieldless())).toEqual({ InstructionError: [0, 'MissingRequiredSignature'] });
    class TransactionErrorInsufficientFundsForRent {
      accountIndex = 1;
    }
    expect(transactionErrorToJson(new TransactionErrorInsufficientFundsForRent())).toEqual({ InsufficientFundsForRent: { account_index: 1 } });
    expect(describeTransactionError('BlockhashNotFound')).toBe('Blockhash not found');
  });

  it('builds JSON-RPC error shapes', () => {
    const failure = preflightFailure('BlockhashNotFound', []);
    expect(failure.code).toBe(-32002);
    expect(failure.message).toBe('Transaction simulation failed: Blockhash not found');
    expect(errorResponse(3, failure).error).toMatchObject({ code: -32002, data: { err: 'BlockhashNotFound', logs: [] } });
    expect(errorResponse(1, new Error('boom')).error).toEqual({ code: -32603, message: 'Internal error' });
    expect(() => expectAddress('nope')).toThrow(RpcError);
    expect(() => expectSignature('1111')).toThrow(/WrongSize/);
    expect(expectAddress('11111111111111111111111111111111')).toBe('11111111111111111111111111111111');
  });

  it('parses SPL token accounts and mints', () => {
    const encoder = getAddressEncoder();
    const mint = address('So11111111111111111111111111111111111111112');
    const owner = address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
    const account = new Uint8Array(165);
    account.set(encoder.encode(mint), 0);
    account.set(encoder.encode(owner), 32);
    new DataView(account.buffer).setBigUint64(64, 5_000n, true);
    account[108] = 1;
    expect(parseTokenAccount(account)).toMatchObject({ mint, owner, amount: 5_000n, state: 'initialized', delegate: null });
    account[108] = 0;
    expect(parseTokenAccount(account)).toBeNull();

    const mintData = new Uint8Array(82);
    new DataView(mintData.buffer).setBigUint64(36, 1_000_000n, true);
    mintData[44] = 6;
    mintData[45] = 1;
    expect(parseMint(mintData)).toMatchObject({ supply: 1_000_000n, decimals: 6, mintAuthority: null });
  });
});
