import { COMPUTE_BUDGET_PROGRAM } from '../constants';
import { readU32, readU64 } from './bytes';
import type { DecodedMessage } from './wire-transaction';

const LAMPORTS_PER_SIGNATURE = 5000n;

/**
 * Fee a validator charges: base fee per signature plus compute-unit price x limit. `computeUnitPrice` is
 * the price itself (micro-lamports per CU), which getRecentPrioritizationFees reports.
 */
export function computeFee(message: DecodedMessage): { fee: bigint; priorityFee: bigint; computeUnitPrice: bigint } {
  const accounts = message.staticAccounts;
  let unitLimit: bigint | null = null;
  let microLamportsPerUnit = 0n;
  let otherInstructions = 0n;
  for (const ix of message.instructions) {
    const program = accounts[ix.programAddressIndex];
    const data = ix.data ? new Uint8Array(ix.data) : new Uint8Array();
    if (program === COMPUTE_BUDGET_PROGRAM) {
      if (data[0] === 2 && data.length >= 5) unitLimit = BigInt(readU32(data, 1));
      if (data[0] === 3 && data.length >= 9) microLamportsPerUnit = readU64(data, 1);
    } else {
      otherInstructions += 1n;
    }
  }
  const limit = unitLimit ?? (otherInstructions * 200_000n > 1_400_000n ? 1_400_000n : otherInstructions * 200_000n);
  const priorityFee = (microLamportsPerUnit * limit + 999_999n) / 1_000_000n;
  return { fee: LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts) + priorityFee, priorityFee, computeUnitPrice: microLamportsPerUnit };
}
