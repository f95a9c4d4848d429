import { SOLANA_CORE_VERSION } from '../constants';

/** The `{ context, value }` envelope of Solana's RpcResponse. */
export const withContext = (ledger: { readonly slot: number }, value: unknown) => ({
  context: { slot: ledger.slot, apiVersion: SOLANA_CORE_VERSION },
  value,
});
