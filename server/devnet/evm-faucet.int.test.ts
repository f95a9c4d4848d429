import { createPublicClient, erc20Abi, http } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { readDevnetManifest } from '@/server/chains/devnet-manifest';
import { fundEvmAddress } from './evm-faucet';
import { faucetPlan } from './faucet';

describe('the EVM faucet', () => {
  // Two app processes on one world pay from one treasury without sharing a queue: here both payments
  // start at once, as they do when two instances answer /api/dev/faucet in the same moment.
  it('pays every address in full when payments from several processes race for the treasury nonce', async () => {
    const entry = readDevnetManifest(process.env.DEVNET_MANIFEST!)!.chains.BASE!;
    const plan = faucetPlan('BASE', entry);
    const addresses = Array.from({ length: 3 }, () => privateKeyToAccount(generatePrivateKey()).address);
    await Promise.all(addresses.map((address) => fundEvmAddress('BASE', entry, address, plan)));
    const client = createPublicClient({ transport: http(entry.rpcUrl) });
    for (const address of addresses) {
      expect(await client.getBalance({ address })).toBe(plan.native);
      for (const token of plan.tokens) {
        const held = await client.readContract({ address: token.address as `0x${string}`, abi: erc20Abi, functionName: 'balanceOf', args: [address] });
        expect(held).toBe(token.amount);
      }
    }
  });
});
