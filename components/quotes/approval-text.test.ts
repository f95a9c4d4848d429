import { encodeFunctionData, erc20Abi, maxUint256, serializeTransaction } from 'viem';
import { describe, expect, it } from 'vitest';
import { approvalText, readApproval } from './approval-text';

const ROUTER = '0x1111222233334444555566667777888899990000';
const USDC = { symbol: 'USDC', decimals: 6 };

function unsignedApprove(amount: bigint): string {
  return serializeTransaction({
    chainId: 8453,
    nonce: 3,
    gas: 70_000n,
    maxFeePerGas: 1n,
    maxPriorityFeePerGas: 1n,
    to: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    value: 0n,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ROUTER, amount] }),
  });
}

describe('approvalText', () => {
  it('names the token, the spender and the exact amount', () => {
    expect(approvalText(unsignedApprove(25_000_000n), USDC, 'Router')).toBe('Approve exactly 25 USDC for the Router 0x1111…0000');
  });

  it('says unlimited for the maximum', () => {
    expect(approvalText(unsignedApprove(maxUint256), USDC, 'Router')).toBe('Approve unlimited USDC for the Router 0x1111…0000');
  });

  it('reads nothing from a transaction that is not an approval', () => {
    expect(readApproval('0x1234')).toBeUndefined();
    expect(
      readApproval(serializeTransaction({ chainId: 1, to: ROUTER, value: 1n, data: '0xdeadbeef', maxFeePerGas: 1n, maxPriorityFeePerGas: 1n })),
    ).toBeUndefined();
  });
});
