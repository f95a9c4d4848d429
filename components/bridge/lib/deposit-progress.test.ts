import { describe, expect, it } from 'vitest';
import { depositSteps } from './deposit-progress';

const HASH = `0x${'a'.repeat(64)}`;
const summary = (steps: ReturnType<typeof depositSteps>) => steps.map((step) => `${step.id}:${step.status}`);

describe('depositSteps', () => {
  it('approves first, then deposits', () => {
    expect(summary(depositSteps({ phase: 'approve', source: 'BASE', approveLabel: 'Approve USDC' }))).toEqual(['approve:active', 'deposit:waiting']);
    const approving = depositSteps({ phase: 'approving', source: 'BASE', approveLabel: 'Approve USDC', approveTxHash: HASH });
    expect(summary(approving)).toEqual(['approve:active', 'deposit:waiting']);
    expect(approving[0]).toMatchObject({
      label: 'Approve USDC',
      note: 'Waiting for the approval to confirm',
      txHash: HASH,
      explorerUrl: `https://basescan.org/tx/${HASH}`,
    });
    const depositing = depositSteps({ phase: 'wallet', source: 'BASE', approveLabel: 'Approve USDC', approveTxHash: HASH });
    expect(summary(depositing)).toEqual(['approve:done', 'deposit:active']);
    expect(depositing[1]?.note).toBe('Confirm the deposit in your wallet');
    expect(summary(depositSteps({ phase: 'sent', source: 'BASE', approveLabel: 'Approve USDC', approveTxHash: HASH }))).toEqual([
      'approve:done',
      'deposit:done',
    ]);
  });
});
