/**
 * The approval after a BUY is sent from storage: it survives a restart (a new sender finds it), and a row
 * another instance holds under lease is left alone until the lease runs out.
 */
import { sql } from 'kysely';
import { createPublicClient, encodeFunctionData, erc20Abi, http, maxUint256, keccak256, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import { createChainDirectory } from '@/server/chain-directory-setup';
import { loadConfig } from '@/server/config/env';
import { sendTestFunds } from '@/server/devnet/faucet';
import { createLogger } from '@/server/observability/logger';
import { openStore, type Store } from '@/server/store/database';
import { createTradeRepository } from '@/server/store/trade-repository';
import { createBackgroundSender } from './background-sender';

let store: Store;

beforeAll(async () => {
  store = await openStore({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' });
});
afterAll(async () => {
  await store?.close();
});

async function signedApproval() {
  const manifest = testManifest();
  const entry = manifest.chains.BASE!;
  const account = privateKeyToAccount(generatePrivateKey());
  await sendTestFunds({ manifest }, { chain: 'BASE', address: account.address });
  const publicClient = createPublicClient({ transport: http(entry.rpcUrl) });
  const token = entry.tokens.find((candidate) => candidate.symbol === 'BETA')!.address as Address;
  const fees = await publicClient.estimateFeesPerGas();
  const raw = await account.signTransaction({
    chainId: entry.chainId,
    nonce: 0,
    gas: 100_000n,
    to: token,
    value: 0n,
    type: 'eip1559',
    ...fees,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [entry.routerAddress as Address, maxUint256] }),
  });
  const allowance = () =>
    publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [account.address, entry.routerAddress as Address] });
  return { account, raw, txHash: keccak256(raw), allowance };
}

function sender() {
  const chains = createChainDirectory(loadConfig({ DATA_DIR: 'memory://' }), testManifest());
  return createBackgroundSender({ chains, trades: createTradeRepository(store.db), logger: createLogger('error') });
}

describe('background transactions', () => {
  it('are sent by whichever sender runs next (a restart loses nothing)', async () => {
    const approval = await signedApproval();
    const trades = createTradeRepository(store.db);
    await trades.enqueueBackgroundTx({
      chain: 'BASE',
      wallet: approval.account.address,
      txHash: approval.txHash,
      rawTx: approval.raw,
      purpose: 'approve-after-buy',
    });
    // The instance that queued it is gone; a fresh one picks it up.
    await sender().drain();
    expect(await approval.allowance()).toBe(maxUint256);
    const row = await store.db.selectFrom('background_txs').selectAll().where('tx_hash', '=', approval.txHash.toLowerCase()).executeTakeFirstOrThrow();
    expect(row.status).toBe('confirmed');
  });

  it('leave a row alone while another instance holds its lease', async () => {
    const approval = await signedApproval();
    const trades = createTradeRepository(store.db);
    await trades.enqueueBackgroundTx({
      chain: 'BASE',
      wallet: approval.account.address,
      txHash: approval.txHash,
      rawTx: approval.raw,
      purpose: 'approve-after-buy',
    });
    const claimed = await trades.claimDueBackgroundTx(60_000);
    expect(claimed?.tx_hash).toBe(approval.txHash.toLowerCase());
    await sender().drain();
    expect(await approval.allowance()).toBe(0n);
    // The claimer died: once its lease is over, the work is done by someone else.
    await store.db
      .updateTable('background_txs')
      .set({ claimed_until: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', claimed!.id)
      .execute();
    await sender().drain();
    expect(await approval.allowance()).toBe(maxUint256);
  });
});
