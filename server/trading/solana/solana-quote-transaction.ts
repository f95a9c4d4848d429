/**
 * The quote's v0 transaction, the user as fee payer: the compute-unit limit (from a simulation, with margin) and
 * price, then the priced route's instructions, with the route's address lookup tables.
 */
import { AddressLookupTableAccount, ComputeBudgetProgram, PublicKey, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import { z } from 'zod';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import { batchAnswer, requestChecked } from '@/server/chains/rpc-answers';
import { latestBlockhashSchema } from '@/server/chains/solana/actions/get-latest-blockhash';
import { classifySolanaError } from '@/server/chains/solana/solana-errors';
import { AppError } from '@/server/errors';
import { tradeFailure } from '@/server/trade-failures';
import type { SwapRequest } from '../swap-types';
import type { PricedRoute } from './solana-quote-fees';

const SIMULATION_UNIT_LIMIT = 1_400_000;
/** Compute units when the trade cannot be simulated yet (the trader does not hold the input). */
const DEFAULT_UNIT_LIMIT = 200_000;
const UNIT_MARGIN_PERCENT = 20;

const simulationSchema = z.object({
  value: z.object({ err: z.unknown().nullable(), unitsConsumed: z.number().optional(), logs: z.array(z.string()).nullable().optional() }),
});
const lookupTableSchema = z.object({ value: z.object({ data: z.tuple([z.string(), z.literal('base64')]) }).nullable() });

/** What one Solana transaction may take on the wire. */
const PACKET_BYTES = 1232;

/** The route no transaction built around it could carry: more accounts than one packet holds. */
export class TooLargeForOnePacket extends Error {
  override readonly name = 'TooLargeForOnePacket';
}

function fitsOnePacket(transaction: VersionedTransaction): boolean {
  try {
    return transaction.serialize().length <= PACKET_BYTES;
  } catch {
    // web3.js refuses to serialize past a packet.
    return false;
  }
}

export interface BuiltTransaction {
  transaction: VersionedTransaction;
  unitLimit: number;
  simulated: boolean;
  lastValidBlockHeight: number;
}

/**
 * The transaction with its compute budget: one batch asks for a fresh blockhash and simulates the same
 * transaction (its blockhash replaced) for the units it uses, plus a margin. A trader who does not hold the
 * input yet cannot be simulated: a default limit then, unless the request requires the simulation.
 */
export async function buildTransaction(
  chain: ConfiguredChain,
  request: SwapRequest,
  user: PublicKey,
  priced: PricedRoute,
  unitPrice: bigint,
): Promise<BuiltTransaction> {
  const lookupTables = await loadLookupTables(chain, priced.route.addressLookupTables);
  const compile = (unitLimit: number, blockhash: string) =>
    new VersionedTransaction(
      new TransactionMessage({
        payerKey: user,
        recentBlockhash: blockhash,
        instructions: [
          ComputeBudgetProgram.setComputeUnitLimit({ units: unitLimit }),
          ComputeBudgetProgram.setComputeUnitPrice({ microLamports: unitPrice }),
          ...priced.body,
        ],
      }).compileToV0Message(lookupTables),
    );

  const probe = compile(SIMULATION_UNIT_LIMIT, PublicKey.default.toBase58());
  if (!fitsOnePacket(probe)) throw new TooLargeForOnePacket();
  const [hashAnswer, simulationAnswer] = await chain.rpc.requestBatch([
    { method: 'getLatestBlockhash', params: [{ commitment: 'confirmed' }] },
    {
      method: 'simulateTransaction',
      params: [
        Buffer.from(probe.serialize()).toString('base64'),
        { encoding: 'base64', sigVerify: false, replaceRecentBlockhash: true, commitment: 'confirmed' },
      ],
    },
  ]);
  const { value: latest } = batchAnswer('SOL', 'getLatestBlockhash', latestBlockhashSchema, hashAnswer);
  const { value: simulation } = batchAnswer('SOL', 'simulateTransaction', simulationSchema, simulationAnswer);
  let unitLimit = DEFAULT_UNIT_LIMIT;
  if (simulation.err) {
    const failure = classifySolanaError(simulation.err, probe.message);
    const walletCanFix = failure.code === 'INSUFFICIENT_BALANCE' || request.priceOnly;
    if (!walletCanFix || request.requireSimulation) throw tradeFailure(failure.code, failure.reason);
  } else {
    unitLimit = Math.ceil(((simulation.unitsConsumed ?? DEFAULT_UNIT_LIMIT) * (100 + UNIT_MARGIN_PERCENT)) / 100);
  }
  return { transaction: compile(unitLimit, latest.blockhash), unitLimit, simulated: !simulation.err, lastValidBlockHeight: latest.lastValidBlockHeight };
}

async function loadLookupTables(chain: ConfiguredChain, addresses: string[]): Promise<AddressLookupTableAccount[]> {
  return Promise.all(
    addresses.map(async (address) => {
      const { value } = await requestChecked(chain.rpc, 'getAccountInfo', [address, { encoding: 'base64', commitment: 'confirmed' }], lookupTableSchema);
      if (!value) throw new AppError('RPC_ERROR', `The route's address lookup table ${address} is not on SOL.`);
      return new AddressLookupTableAccount({ key: new PublicKey(address), state: AddressLookupTableAccount.deserialize(Buffer.from(value.data[0], 'base64')) });
    }),
  );
}
