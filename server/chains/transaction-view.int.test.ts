import { Keypair } from '@solana/web3.js';
import { createPublicClient, createWalletClient, erc20Abi, getAddress, http, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import { fundEvmAddress } from '@/server/devnet/evm-faucet';
import { faucetPlan } from '@/server/devnet/faucet';
import { fundSolanaAddress } from '@/server/devnet/solana-faucet';
import { loadConfig } from '@/server/config/env';
import { knownTokens } from '@/server/tokens/known-tokens';
import { createChainDirectory } from '@/server/chain-directory-setup';
import { decodeBase58 } from './solana/address';
import type { ChainId } from './registry';
import { readTransactionView } from './transaction-view';
import { receiptOf } from '@/devnet/evm/receipt';

const manifest = testManifest();
const chains = createChainDirectory(loadConfig({ DATA_DIR: '.test-data/transaction-view' }), manifest);
const view = (chain: ChainId, hash: string) => readTransactionView({ chain: chains[chain], known: knownTokens({ manifest }, chain) }, hash);

describe('the transaction view', () => {
  it('reads an ERC-20 transfer from the chain: status, block, parties, value and the decoded Transfer', async () => {
    const entry = manifest.chains.BASE!;
    const alpha = entry.tokens.find((token) => token.symbol === 'ALPHA')!;
    // A fresh sender of its own, funded by the faucet, so no account is shared with another file.
    const sender = privateKeyToAccount(generatePrivateKey());
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    await fundEvmAddress('BASE', entry, sender.address, faucetPlan('BASE', entry));
    const viemChain = {
      id: entry.chainId,
      name: 'Base',
      nativeCurrency: { name: 'ETH', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [entry.rpcUrl] } },
    };
    const wallet = createWalletClient({ account: sender, chain: viemChain, transport: http(entry.rpcUrl) });
    const hash = await wallet.writeContract({
      address: alpha.address as Hex,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [recipient, 1_234_500_000_000_000_000n],
    });
    const receipt = await receiptOf(createPublicClient({ transport: http(entry.rpcUrl) }), hash);

    expect(await view('BASE', hash)).toEqual({
      chain: 'BASE',
      hash,
      status: 'success',
      block: receipt.blockNumber,
      from: sender.address,
      to: getAddress(alpha.address),
      value: 0n,
      transfers: [
        {
          token: { address: getAddress(alpha.address), symbol: 'ALPHA', decimals: 18 },
          from: sender.address,
          to: recipient,
          amount: 1_234_500_000_000_000_000n,
        },
      ],
      balanceChanges: [],
    });
  });

  it('says a hash no node knows is not found', async () => {
    expect(await view('BASE', `0x${'ab'.repeat(32)}`)).toMatchObject({ status: 'not-found', block: null, transfers: [] });
  });

  it("reads a Solana transaction's balance changes, each token by its owner", async () => {
    const entry = manifest.chains.SOL!;
    const owner = Keypair.generate().publicKey.toBase58();
    const plan = faucetPlan('SOL', entry);
    const { tokens } = await fundSolanaAddress(entry, owner, plan);
    const stable = plan.tokens.find((token) => token.symbol === 'USDC')!;

    const minted = await view('SOL', tokens[stable.address]!);
    expect(minted).toMatchObject({ chain: 'SOL', status: 'success', to: null, value: null, transfers: [] });
    expect(minted.block).toBeGreaterThan(0n);
    // The mint authority pays the fee.
    expect(minted.from).toBe(Keypair.fromSecretKey(decodeBase58(entry.treasury!.secretKey!)!).publicKey.toBase58());
    expect(minted.balanceChanges).toContainEqual({
      account: owner,
      token: { address: stable.address, symbol: 'USDC', decimals: stable.decimals },
      change: stable.amount,
    });
  });
});
