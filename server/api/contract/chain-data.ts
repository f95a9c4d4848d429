import { z } from 'zod';
import { chainCapabilities } from './system';
import { CHAIN_IDS, V1_BALANCE_CHAINS, type ChainId } from '@/server/chains/registry';
import { defineEndpoint } from './endpoint';
import { MAX_TEXT, anyAddress, chainId, checkAddressFamily, v1Chain } from './fields';

const READ_ERRORS = ['INVALID_INPUT', 'UNAUTHORIZED', 'RATE_LIMITED', 'CHAIN_UNAVAILABLE', 'RPC_ERROR', 'NOT_IMPLEMENTED'] as const;
/** Token reads also answer NOT_FOUND: no token contract (or SPL mint) at the address on that chain. */
const TOKEN_READ_ERRORS = [...READ_ERRORS, 'NOT_FOUND'] as const;

// ---------------------------------------------------------------- priority

export const priorityInput = z.object({ chain: v1Chain(CHAIN_IDS).meta({ description: 'Chain identifier (also accepted as `network`)' }) });

const feeLevel = z.object({
  maxFeePerGas: z.string(),
  maxPriorityFeePerGas: z.string(),
  gasPrice: z.string(),
});

export const priorityOutput = z
  .object({
    success: z.literal(true),
    chain: z.string(),
    fees: z
      .object({ LOW: feeLevel, MEDIUM: feeLevel, HIGH: feeLevel, INSTANT: feeLevel })
      .meta({ description: 'Decimal strings: wei on EVM chains, micro-lamports per compute unit on Solana' }),
  })
  .meta({ id: 'PriorityFees' });

export const priorityFees = defineEndpoint({
  procedure: 'v1.priority',
  method: 'GET',
  paths: ['/api/v1/priority'],
  auth: true,
  tag: 'Chains and balances',
  summary: 'Gas fee estimates per priority level',
  description: 'LOW (cheapest, slower), MEDIUM (standard, recommended), HIGH, INSTANT (fastest, most expensive).',
  input: priorityInput,
  output: priorityOutput,
  aliases: { network: { to: 'chain' } },
  errors: READ_ERRORS,
});

// ---------------------------------------------------------------- chains

export const chainsInput = z.object({});

export const chainRecord = z.object({
  name: z.string().meta({ description: 'Chain identifier' }),
  chainId: z.number().int(),
  nativeToken: z.string().meta({ description: 'Native token symbol' }),
  routerAddress: z.string().meta({ description: "The project's Router contract; empty when not deployed on that chain" }),
  available: z.boolean().meta({ description: 'Whether an RPC is configured for the chain on this server' }),
  capabilities: chainCapabilities.meta({ description: 'What the chain can do on this server (quote, trade, token data, bridge from, bridge to), and why not' }),
});

export const chainsOutput = z.object({ success: z.literal(true), chains: z.array(chainRecord) }).meta({ id: 'Chains' });

export const chains = defineEndpoint({
  procedure: 'v1.chains',
  method: 'GET',
  paths: ['/api/v1/chain', '/api/v1/chains'],
  auth: true,
  tag: 'Chains and balances',
  summary: 'Supported chains',
  description: 'All 15 chains with their numeric id, native token and Router address. `/api/v1/chains` is the same endpoint.',
  input: chainsInput,
  output: chainsOutput,
  errors: ['UNAUTHORIZED', 'RATE_LIMITED'],
});

// ---------------------------------------------------------------- balance (two forms) and token-balance

/** What the chain list parser reads, as a pattern: a JSON array or a comma list of 1 to 15 chain identifiers. */
const CHAIN_LIST_PATTERN = (() => {
  const id = `(${CHAIN_IDS.join('|')})`;
  const more = CHAIN_IDS.length - 1;
  return `^\\s*(\\[\\s*"${id}"(\\s*,\\s*"${id}"){0,${more}}\\s*\\]|${id}(\\s*,\\s*${id}){0,${more}})\\s*$`;
})();

const chainList = z
  .union(
    [
      // Bounded before the pipe checks each name, so a long array is refused without being walked.
      z.array(z.string().max(MAX_TEXT)).max(CHAIN_IDS.length),
      z
        .string()
        .max(1024)
        .transform((text, ctx) => {
          const trimmed = text.trim();
          if (trimmed.startsWith('[')) {
            try {
              const parsed: unknown = JSON.parse(trimmed);
              if (Array.isArray(parsed)) return parsed.map(String);
            } catch {
              // reported below
            }
            ctx.addIssue({ code: 'custom', message: 'must be a JSON array of chain identifiers, e.g. ["ETH","BASE"]' });
            return z.NEVER;
          }
          return trimmed.split(',').map((part) => part.trim());
        }),
    ],
    { error: 'must be a JSON array of chain identifiers, e.g. ["ETH","BASE"]' },
  )
  .pipe(z.array(chainId).min(1, { error: 'must name at least one chain' }).max(CHAIN_IDS.length))
  .meta({
    description: 'JSON array of chain identifiers, e.g. ["ETH","BASE"] (a comma list is accepted too), at most one per chain',
    override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
      delete jsonSchema.anyOf;
      Object.assign(jsonSchema, { type: 'string', maxLength: 1024, pattern: CHAIN_LIST_PATTERN });
    },
  });

export const balanceInput = z
  .object({
    wallet: anyAddress.meta({ description: 'EVM 0x address (42 characters) or Solana base58 (32 to 44)' }),
    network: v1Chain(V1_BALANCE_CHAINS).optional().meta({ description: 'Native balance form: the chain' }),
    token: anyAddress.optional().meta({ description: 'Multi-chain form: the token (zero address for native)' }),
    chains: chainList.optional().meta({ description: 'Multi-chain form: JSON array of chain identifiers' }),
  })
  .superRefine((input, ctx) => {
    if (input.network === undefined && input.chains === undefined) {
      ctx.addIssue({ code: 'custom', path: ['network'], message: 'is required (or give token and chains for the multi-chain form)' });
      return;
    }
    if (input.chains !== undefined && input.token === undefined) {
      ctx.addIssue({ code: 'custom', path: ['token'], message: 'is required with chains (the zero address for native)' });
    }
    const chainsToCheck: ChainId[] = input.network ? [input.network] : (input.chains ?? []);
    for (const chain of chainsToCheck) {
      checkAddressFamily(ctx, chain, { wallet: input.wallet }, { nativeAllowed: false });
      if (input.token !== undefined) checkAddressFamily(ctx, chain, { token: input.token }, { nativeAllowed: true });
    }
  });

const balanceFields = {
  balance: z.string().meta({ description: 'Raw units: wei on EVM, lamports on Solana, token base units' }),
  decimals: z.number().int(),
};

export const balanceOutput = z
  .union([
    z.object({ success: z.literal(true), ...balanceFields }),
    z.object({
      success: z.literal(true),
      balances: z.array(z.object({ chain: z.string(), ...balanceFields })),
    }),
  ])
  .meta({ id: 'Balance' });

export const balance = defineEndpoint({
  procedure: 'v1.balance',
  method: 'GET',
  paths: ['/api/v1/balance'],
  auth: true,
  tag: 'Chains and balances',
  summary: 'Native balance, or one token across several chains',
  description:
    'Form 1: `wallet` + `network` gives the native balance. Form 2: `wallet` + `token` + `chains` (JSON array) gives `balances`, one per chain. Human amount = balance / 10^decimals.',
  input: balanceInput,
  output: balanceOutput,
  errors: TOKEN_READ_ERRORS,
});

export const tokenBalanceInput = z
  .object({
    wallet: anyAddress,
    token: anyAddress.meta({ description: 'Token contract (or mint) address' }),
    network: v1Chain(V1_BALANCE_CHAINS),
  })
  .superRefine((input, ctx) => {
    checkAddressFamily(ctx, input.network, { wallet: input.wallet }, { nativeAllowed: false });
    checkAddressFamily(ctx, input.network, { token: input.token }, { nativeAllowed: true });
  });

export const tokenBalanceOutput = z.object({ success: z.literal(true), ...balanceFields }).meta({ id: 'TokenBalance' });

export const tokenBalance = defineEndpoint({
  procedure: 'v1.tokenBalance',
  method: 'GET',
  paths: ['/api/v1/token-balance'],
  auth: true,
  tag: 'Chains and balances',
  summary: 'Token balance of a wallet',
  description: 'Raw balance and the token decimals read from the token contract (or mint).',
  input: tokenBalanceInput,
  output: tokenBalanceOutput,
  errors: TOKEN_READ_ERRORS,
});
