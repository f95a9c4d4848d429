/**
 * The quote's v0 transaction, the user as fee payer: the compute-unit limit (from a simulation, with margin) and
 * price, then the priced route's instructions, with the route's address lookup tables.
 */
import { getSetComputeUnitLimitInstruction, getSetComputeUnitPriceInstruction } from '@solana-program/compute-budget';
import { address, getAddressDecoder, getTransactionSize, type Address, type AddressesByLookupTableAddress, type Transaction } from '@solana/kit';
import { z } from 'zod';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import { batchAnswer, requestChecked } from '@/server/chains/rpc-answers';
import { latestBlockhashSchema } from '@/server/chains/solana/actions/get-latest-blockhash';
import { classifySolanaError } from '@/server/chains/solana/solana-errors';
import { compileV0Transaction, messageOf, wireTransaction } from '@/server/chains/solana/transactions';
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
/** An address lookup table: u32 type (1), deactivation slot, last extended slot and index, authority, padding; then 32-byte addresses. */
const LOOKUP_TABLE_META_SIZE = 56;
const LOOKUP_TABLE_TYPE = 1;
/** The blockhash a probe carries: the simulation replaces it. */
const PROBE_BLOCKHASH = '11111111111111111111111111111111';

/** The route no transaction built around it could carry: more accounts than one packet holds. */
export class TooLargeForOnePacket extends Error {
  override readonly name = 'TooLargeForOnePacket';
}

const fitsOnePacket = (transaction: Transaction): boolean => getTransactionSize(transaction) <= PACKET_BYTES;

export interface BuiltTransaction {
  transaction: Transaction;
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
  user: Address,
  priced: PricedRoute,
  unitPrice: bigint,
): Promise<BuiltTransaction> {
  const lookupTables = await loadLookupTables(chain, priced.route.addressLookupTables);
  const compile = (unitLimit: number, blockhash: string, lastValidBlockHeight?: number) =>
    compileV0Transaction({
      feePayer: user,
      blockhash,
      lastValidBlockHeight,
      instructions: [getSetComputeUnitLimitInstruction({ units: unitLimit }), getSetComputeUnitPriceInstruction({ microLamports: unitPrice }), ...priced.body],
      lookupTables,
    });

  const probe = compile(SIMULATION_UNIT_LIMIT, PROBE_BLOCKHASH);
  if (!fitsOnePacket(probe)) throw new TooLargeForOnePacket();
  const [hashAnswer, simulationAnswer] = await chain.rpc.requestBatch([
    { method: 'getLatestBlockhash', params: [{ commitment: 'confirmed' }] },
    {
      method: 'simulateTransaction',
      params: [wireTransaction(probe), { encoding: 'base64', sigVerify: false, replaceRecentBlockhash: true, commitment: 'confirmed' }],
    },
  ]);
  const { value: latest } = batchAnswer('SOL', 'getLatestBlockhash', latestBlockhashSchema, hashAnswer);
  const { value: simulation } = batchAnswer('SOL', 'simulateTransaction', simulationSchema, simulationAnswer);
  let unitLimit = DEFAULT_UNIT_LIMIT;
  if (simulation.err) {
    const failure = classifySolanaError(simulation.err, messageOf(probe));
    const walletCanFix = failure.code === 'INSUFFICIENT_BALANCE' || request.priceOnly;
    if (!walletCanFix || request.requireSimulation) throw tradeFailure(failure.code, failure.reason);
  } else {
    unitLimit = Math.ceil(((simulation.unitsConsumed ?? DEFAULT_UNIT_LIMIT) * (100 + UNIT_MARGIN_PERCENT)) / 100);
  }
  return {
    transaction: compile(unitLimit, latest.blockhash, latest.lastValidBlockHeight),
    unitLimit,
    simulated: !simulation.err,
    lastValidBlockHeight: latest.lastValidBlockHeight,
  };
}

async function loadLookupTables(chain: ConfiguredChain, tables: string[]): Promise<AddressesByLookupTableAddress> {
  const loaded = await Promise.all(
    tables.map(async (table) => {
      const { value } = await requestChecked(chain.rpc, 'getAccountInfo', [table, { encoding: 'base64', commitment: 'confirmed' }], lookupTableSchema);
      if (!value) throw new AppError('RPC_ERROR', `The route's address lookup table ${table} is not on SOL.`);
      return [address(table), lookupTableAddresses(table, Buffer.from(value.data[0], 'base64'))] as const;
    }),
  );
  return Object.fromEntries(loaded);
}

/** The addresses a lookup table account holds, in order (their index is what a transaction names). */
function lookupTableAddresses(table: string, data: Buffer): Address[] {
  const listed = data.length - LOOKUP_TABLE_META_SIZE;
  if (listed < 0 || listed % 32 !== 0 || data.readUInt32LE(0) !== LOOKUP_TABLE_TYPE) {
    throw new AppError('RPC_ERROR', `The route's account ${table} on SOL is not an address lookup table.`);
  }
  const decoder = getAddressDecoder();
  return Array.from({ length: listed / 32 }, (_, index) => decoder.decode(data, LOOKUP_TABLE_META_SIZE + index * 32));
}
