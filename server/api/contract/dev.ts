/**
 * Endpoints of the local chain world only. They answer 404 on any server configured with real RPCs, and
 * are left out of the public API document.
 */
import { z } from 'zod';
import { manifestChain } from '@/server/chains/devnet-manifest';
import { defineEndpoint } from './endpoint';
import { anyAddress, chainId, checkAddressFamily } from './fields';

export const devnetOutput = z.object({
  success: z.literal(true),
  chains: z.record(z.string(), manifestChain),
});

export const devnet = defineEndpoint({
  procedure: 'dev.devnet',
  method: 'GET',
  paths: ['/api/dev/devnet'],
  auth: true,
  tag: 'Local world',
  summary: 'The local chain world: nodes, contracts, tokens and funded test accounts',
  description:
    'Only on the local chain world (no RPC_URL_* configured); 404 otherwise. Includes the private keys of the funded test accounts for a key holder on this machine (loopback, not through a proxy); pages and callers from elsewhere get the world without keys.',
  input: z.object({}),
  output: devnetOutput,
  errors: ['UNAUTHORIZED', 'NOT_FOUND'],
});

/**
 * The lowest 2^16 EVM addresses hold the precompiles (0x01 to 0x11 on Ethereum, 0x100 for P-256, chains'
 * own system contracts such as Arbitrum's at 0x64 and up) and the zero address. None is a wallet: a plain
 * transfer to a precompile runs out of its 21,000 gas and reverts, so the faucet refuses them up front.
 */
export function isReservedEvmAddress(address: string): boolean {
  return /^0x0{36}[0-9a-f]{4}$/i.test(address);
}

export const faucetInput = z
  .object({
    chain: chainId,
    address: anyAddress.meta({ description: 'Wallet to fund (on EVM chains not the zero address or a precompile, 0x…0000 to 0x…ffff)' }),
  })
  .superRefine((input, ctx) => {
    checkAddressFamily(ctx, input.chain, { address: input.address }, { nativeAllowed: false });
    if (isReservedEvmAddress(input.address)) {
      ctx.addIssue({ code: 'custom', path: ['address'], message: 'must be a wallet, not the zero address or a precompile (0x…0000 to 0x…ffff)' });
    }
  });

export const faucetOutput = z.object({
  success: z.literal(true),
  chain: z.string(),
  address: z.string(),
  funded: z.array(
    z.object({
      symbol: z.string(),
      address: z.string().meta({ description: 'Token address; the zero address for the native token' }),
      amount: z.string().meta({ description: 'Raw units sent' }),
      decimals: z.number().int(),
      txHash: z.string().meta({ description: 'The transaction that sent it: an EVM hash or a Solana signature (the tokens of one Solana request share one)' }),
    }),
  ),
});

export const faucet = defineEndpoint({
  procedure: 'dev.faucet',
  method: 'POST',
  paths: ['/api/dev/faucet'],
  auth: true,
  tag: 'Local world',
  summary: 'Send test funds on the local chain world',
  description: 'Sends native tokens and some of each world token to the address. Only on the local chain world; 404 otherwise.',
  input: faucetInput,
  output: faucetOutput,
  errors: ['INVALID_INPUT', 'UNAUTHORIZED', 'NOT_FOUND', 'CHAIN_UNAVAILABLE', 'RPC_ERROR'],
});

export const DEV_ENDPOINTS = [devnet, faucet] as const;
