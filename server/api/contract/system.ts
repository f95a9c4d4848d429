import { z } from 'zod';
import { CHAIN_IDS } from '@/server/chains/registry';
import { defineEndpoint } from './endpoint';

export const healthInput = z.object({});

/** What a chain can do on this server, as `npm run doctor` and the check at start found it. */
export const chainCapabilities = z
  .object({
    rpc: z
      .enum(['ok', 'unreachable', 'none'])
      .meta({ description: '`none`: no RPC configured; `unreachable`: configured, did not answer at the last check (every CHAIN_RECHECK_MS)' }),
    quote: z.boolean(),
    trade: z.boolean(),
    tokenData: z.boolean().meta({ description: 'token-info, token-audit, pool-info, value and balances' }),
    bridgeFrom: z.boolean().meta({ description: 'Bridges may start here (deposits are taken)' }),
    bridgeTo: z.boolean().meta({ description: 'Bridges may end here (the solver pays fills here)' }),
    notes: z.array(z.string()).meta({ description: 'Why a capability is off' }),
  })
  .meta({ id: 'ChainCapabilities' });

export const chainHealth = z.object({
  available: z.boolean(),
  blockNumber: z.number().int().nullable().meta({ description: 'Latest block (EVM) or slot (Solana); null when unreachable' }),
  latencyMs: z.number().nullable(),
  error: z.string().optional(),
  capabilities: chainCapabilities.optional(),
});

export const healthOutput = z
  .object({
    success: z.literal(true),
    status: z.enum(['ok', 'degraded', 'unavailable']).meta({
      description:
        'ok when every configured chain answers and storage works; degraded when some chain does not; unavailable (REST answers 503) when storage does not or no chain can quote',
    }),
    version: z.string(),
    storage: z.object({ ok: z.boolean(), engine: z.enum(['pglite', 'postgres']) }),
    chains: z.record(z.enum(CHAIN_IDS), chainHealth),
  })
  .meta({ id: 'Health' });

export const health = defineEndpoint({
  procedure: 'system.health',
  method: 'GET',
  paths: ['/api/health'],
  auth: false,
  tag: 'System',
  summary: 'Health check (no key)',
  description:
    'Each chain RPC is probed with a short timeout; results are cached for a few seconds. Over REST the answer is 503 (same body) when this instance cannot serve: storage unreachable, or no chain can quote. `GET /api/health/live` answers 200 while the process runs.',
  input: healthInput,
  output: healthOutput,
  errors: [],
});
