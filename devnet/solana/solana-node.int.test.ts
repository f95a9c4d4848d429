import { connect } from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ComputeBudgetProgram,
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import {
  TOKEN_PROGRAM_ID,
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import {
  AccountRole,
  address,
  airdropFactory,
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  generateKeyPairSigner,
  getSignatureFromTransaction,
  lamports,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Instruction,
  type TransactionSigner,
} from '@solana/kit';
import { startSolanaNode, type SolanaNode } from './solana-node';
import { fundSolanaAccount, keypairFromWorldKey, seedSolanaWorld, type SolanaWorld } from './solana-world';

const SLOT_MS = 100;

async function rpc(node: SolanaNode, method: string, params: unknown[] = []) {
  const response = await fetch(node.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await response.json()) as { result?: any; error?: { code: number; message: string; data?: any } };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function kitTransferInstruction(source: TransactionSigner, destination: string, amount: bigint): Instruction {
  const data = new Uint8Array(12);
  const view = new DataView(data.buffer);
  view.setUint32(0, 2, true); // SystemInstruction::Transfer
  view.setBigUint64(4, amount, true);
  return {
    programAddress: address('11111111111111111111111111111111'),
    accounts: [
      { address: source.address, role: AccountRole.WRITABLE_SIGNER, signer: source } as never,
      { address: address(destination), role: AccountRole.WRITABLE },
    ],
    data,
  };
}

describe('local Solana node', () => {
  let node: SolanaNode;
  let world: SolanaWorld;
  let connection: Connection;

  beforeAll(async () => {
    node = await startSolanaNode({ slotIntervalMs: SLOT_MS });
    world = await seedSolanaWorld(node, { accounts: 3 });
    connection = new Connection(node.url, 'confirmed');
  });

  afterAll(async () => {
    await node?.stop();
  });

  it('sends an SPL transfer with web3.js v1 and confirms it over the websocket', async () => {
    const sender = keypairFromWorldKey(world.accounts[0]!);
    const recipient = Keypair.generate();
    const usdc = world.tokens.find((t) => t.symbol === 'USDC')!;
    const mint = new PublicKey(usdc.address);
    const fromAta = getAssociatedTokenAddressSync(mint, sender.publicKey);
    const toAta = getAssociatedTokenAddressSync(mint, recipient.publicKey);

    const blockhash = await connection.getLatestBlockhash();
    const tx = new Transaction({ feePayer: sender.publicKey, ...blockhash }).add(
      createAssociatedTokenAccountIdempotentInstruction(sender.publicKey, toAta, recipient.publicKey, mint),
      createTransferCheckedInstruction(fromAta, mint, toAta, sender.publicKey, 1_234_500n, usdc.decimals),
    );
    const signature = await connection.sendTransaction(tx, [sender]);
    const confirmation = await connection.confirmTransaction({ signature, ...blockhash }, 'confirmed');
    expect(confirmation.value.err).toBeNull();

    const balance = await connection.getTokenAccountBalance(toAta);
    expect(balance.value).toMatchObject({ amount: '1234500', decimals: 6, uiAmountString: '1.2345' });

    const owned = await connection.getParsedTokenAccountsByOwner(recipient.publicKey, { mint });
    expect(owned.value).toHaveLength(1);
    expect(owned.value[0]!.pubkey.toBase58()).toBe(toAta.toBase58());
    expect(owned.value[0]!.account.data.parsed.info.tokenAmount.uiAmount).toBe(1.2345);
    const byProgram = await connection.getTokenAccountsByOwner(sender.publicKey, { programId: TOKEN_PROGRAM_ID });
    expect(byProgram.value).toHaveLength(world.tokens.length);

    const status = await connection.getSignatureStatus(signature, { searchTransactionHistory: true });
    expect(status.value).toMatchObject({ err: null, confirmationStatus: 'finalized' });
    const recorded = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 });
    expect(recorded?.meta?.err).toBeNull();
    expect(recorded?.meta?.fee).toBe(5000);
    expect(recorded?.meta?.logMessages).toContain(`Program ${TOKEN_PROGRAM_ID.toBase58()} success`);
    const post = recorded?.meta?.postTokenBalances?.find((b) => b.owner === recipient.publicKey.toBase58());
    expect(post?.uiTokenAmount.amount).toBe('1234500');
    const signatures = await connection.getSignaturesForAddress(recipient.publicKey);
    expect(signatures.map((s) => s.signature)).toContain(signature);
  });

  it('sends a two-signer v0 transaction with web3.js v1', async () => {
    const payer = keypairFromWorldKey(world.accounts[1]!);
    const source = keypairFromWorldKey(world.accounts[2]!);
    const destination = Keypair.generate().publicKey;
    const blockhash = await connection.getLatestBlockhash();
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: blockhash.blockhash,
      instructions: [SystemProgram.transfer({ fromPubkey: source.publicKey, toPubkey: destination, lamports: LAMPORTS_PER_SOL })],
    }).compileToV0Message();
    const tx = new VersionedTransaction(message);
    tx.sign([payer, source]);
    const sourceBefore = await connection.getBalance(source.publicKey);
    const signature = await connection.sendTransaction(tx);
    const confirmation = await connection.confirmTransaction({ signature, ...blockhash });
    expect(confirmation.value.err).toBeNull();
    expect(await connection.getBalance(destination)).toBe(LAMPORTS_PER_SOL);
    expect(await connection.getBalance(source.publicKey)).toBe(sourceBefore - LAMPORTS_PER_SOL);
    const recorded = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 });
    expect(recorded?.version).toBe(0);
    expect(recorded?.meta?.fee).toBe(10_000);
  });

  it('builds, signs and confirms a two-signer v0 transaction with @solana/kit', async () => {
    const kitRpc = createSolanaRpc(node.url);
    const subscriptions = createSolanaRpcSubscriptions(node.wsUrl);
    const payer = await generateKeyPairSigner();
    const source = await generateKeyPairSigner();
    const destination = Keypair.generate().publicKey.toBase58();
    const airdrop = airdropFactory({ rpc: kitRpc, rpcSubscriptions: subscriptions });
    await airdrop({ recipientAddress: payer.address, lamports: lamports(LAMPORTS_PER_SOL_BIG), commitment: 'confirmed' });
    await airdrop({ recipientAddress: source.address, lamports: lamports(LAMPORTS_PER_SOL_BIG), commitment: 'confirmed' });

    const { value: latest } = await kitRpc.getLatestBlockhash().send();
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
      (m) => appendTransactionMessageInstructions([kitTransferInstruction(source, destination, 250_000_000n)], m),
    );
    const signed = await signTransactionMessageWithSigners(message);
    const sendAndConfirm = sendAndConfirmTransactionFactory({ rpc: kitRpc, rpcSubscriptions: subscriptions });
    await sendAndConfirm(signed as never, { commitment: 'confirmed' });
    const { value: balance } = await kitRpc.getBalance(address(destination)).send();
    expect(balance).toBe(250_000_000n);
    const { value: statuses } = await kitRpc.getSignatureStatuses([getSignatureFromTransaction(signed)]).send();
    expect(statuses[0]?.err).toBeNull();
  });

  it('refuses bad signatures, expired blockhashes and unknown methods with Solana error codes', async () => {
    const payer = keypairFromWorldKey(world.accounts[0]!);
    const blockhash = await connection.getLatestBlockhash();
    const tx = new Transaction({ feePayer: payer.publicKey, ...blockhash }).add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1000 }),
    );
    tx.sign(payer);
    const wire = tx.serialize();
    const tampered = Buffer.from(wire);
    tampered[1] = tampered[1]! ^ 0xff; // first signature byte
    const badSig = await rpc(node, 'sendTransaction', [tampered.toString('base64'), { encoding: 'base64' }]);
    expect(badSig.error).toEqual({ code: -32003, message: 'Transaction signature verification failure' });
    await expect(connection.sendRawTransaction(tampered)).rejects.toThrow(/signature verification failure/);

    // A preflight failure carries the simulation's error and logs.
    const poor = Keypair.generate();
    await connection.confirmTransaction({ signature: await connection.requestAirdrop(poor.publicKey, 10_000_000), ...blockhash });
    const overdraw = new Transaction({ feePayer: poor.publicKey, ...blockhash }).add(
      SystemProgram.transfer({ fromPubkey: poor.publicKey, toPubkey: payer.publicKey, lamports: 1_000_000_000 }),
    );
    overdraw.sign(poor);
    const failed = await rpc(node, 'sendTransaction', [overdraw.serialize().toString('base64'), { encoding: 'base64' }]);
    expect(failed.error?.code).toBe(-32002);
    expect(failed.error?.message).toBe('Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1');
    expect(failed.error?.data.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(failed.error?.data.logs.length).toBeGreaterThan(0);

    // With skipPreflight a failing transaction lands, pays its fee and reports its error.
    const landed = await rpc(node, 'sendTransaction', [overdraw.serialize().toString('base64'), { encoding: 'base64', skipPreflight: true }]);
    const statuses = await rpc(node, 'getSignatureStatuses', [[landed.result]]);
    expect(statuses.result.value[0].err).toEqual({ InstructionError: [0, { Custom: 1 }] });

    const stale = await connection.getLatestBlockhash();
    expect((await connection.isBlockhashValid(stale.blockhash)).value).toBe(true);
    node.advanceSlots(151);
    expect((await connection.isBlockhashValid(stale.blockhash)).value).toBe(false);
    expect(await connection.getBlockHeight()).toBeGreaterThan(stale.lastValidBlockHeight);
    const expired = new Transaction({ feePayer: payer.publicKey, ...stale }).add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1000 }),
    );
    expired.sign(payer);
    const refused = await rpc(node, 'sendTransaction', [expired.serialize().toString('base64'), { encoding: 'base64' }]);
    expect(refused.error?.code).toBe(-32002);
    expect(refused.error?.message).toBe('Transaction simulation failed: Blockhash not found');
    expect(refused.error?.data.err).toBe('BlockhashNotFound');
    // base58 wire encoding is accepted too.
    const { getBase58Decoder } = await import('@solana/kit');
    const refused58 = await rpc(node, 'sendTransaction', [getBase58Decoder().decode(expired.serialize())]);
    expect(refused58.error?.data.err).toBe('BlockhashNotFound');

    expect((await rpc(node, 'noSuchMethod')).error).toEqual({ code: -32601, message: 'Method not found' });
    expect((await rpc(node, 'getBalance', ['not-an-address'])).error?.code).toBe(-32602);

    const batch = await fetch(node.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'getSlot' },
        { jsonrpc: '2.0', id: 2, method: 'nope' },
      ]),
    }).then((r) => r.json());
    expect(batch).toHaveLength(2);
    expect(batch[0].result).toBeTypeOf('number');
    expect(batch[1].error.code).toBe(-32601);
  });

  it('serves signature, account and slot subscriptions on the websocket', async () => {
    const payer = keypairFromWorldKey(world.accounts[1]!);
    const destination = Keypair.generate().publicKey;
    const socket = new WebSocket(node.wsUrl);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const messages: any[] = [];
    socket.on('message', (raw) => messages.push(JSON.parse((raw as Buffer).toString())));
    const waitFor = async (predicate: (m: any) => boolean) => {
      for (let i = 0; i < 100; i += 1) {
        const found = messages.find(predicate);
        if (found) return found;
        await sleep(20);
      }
      throw new Error(`no matching websocket message in ${JSON.stringify(messages)}`);
    };

    const blockhash = await connection.getLatestBlockhash();
    const tx = new Transaction({ feePayer: payer.publicKey, ...blockhash }).add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: destination, lamports: 5_000_000 }),
    );
    tx.sign(payer);
    const signature = tx.signatures[0]!.signature!;
    const { getBase58Decoder } = await import('@solana/kit');
    socket.send(
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'signatureSubscribe', params: [getBase58Decoder().decode(signature), { commitment: 'confirmed' }] }),
    );
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'accountSubscribe', params: [destination.toBase58(), { encoding: 'base64' }] }));
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'slotSubscribe' }));
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'nope' }));
    const signatureSub = (await waitFor((m) => m.id === 1)).result;
    const accountSub = (await waitFor((m) => m.id === 2)).result;
    expect((await waitFor((m) => m.id === 4)).error.code).toBe(-32601);

    const simulated = await connection.simulateTransaction(
      new VersionedTransaction(
        new TransactionMessage({ payerKey: payer.publicKey, recentBlockhash: blockhash.blockhash, instructions: tx.instructions }).compileToV0Message(),
      ),
      { sigVerify: false, replaceRecentBlockhash: true, accounts: { addresses: [destination.toBase58()], encoding: 'base64' } },
    );
    expect(simulated.value.err).toBeNull();
    expect(simulated.value.accounts?.[0]?.lamports).toBe(5_000_000);
    expect(await connection.getBalance(destination)).toBe(0);

    await connection.sendRawTransaction(tx.serialize());
    const done = await waitFor((m) => m.method === 'signatureNotification' && m.params.subscription === signatureSub);
    expect(done.params.result.value).toEqual({ err: null });
    const changed = await waitFor((m) => m.method === 'accountNotification' && m.params.subscription === accountSub);
    expect(changed.params.result.value.lamports).toBe(5_000_000);
    const slotNote = await waitFor((m) => m.method === 'slotNotification');
    expect(slotNote.params.result.slot).toBeTypeOf('number');
    socket.close();
  });

  it('answers a websocket message that is JSON but not a request with an error, and keeps serving', async () => {
    const socket = new WebSocket(node.wsUrl);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const messages: any[] = [];
    socket.on('message', (raw) => messages.push(JSON.parse((raw as Buffer).toString())));
    for (const text of ['null', '42', '[1,2]']) socket.send(text);
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'slotSubscribe' }));
    for (let i = 0; i < 100 && !messages.some((m) => m.id === 9); i += 1) await sleep(20);
    expect(messages.filter((m) => m.error?.code === -32600)).toHaveLength(3);
    expect(messages.find((m) => m.id === 9)?.result).toBeTypeOf('number');
    socket.close();
  });

  it('advances slots and blockhashes over time', async () => {
    const slot = await connection.getSlot();
    const { blockhash } = await connection.getLatestBlockhash();
    await sleep(SLOT_MS * 4);
    expect(await connection.getSlot()).toBeGreaterThan(slot);
    expect((await connection.getLatestBlockhash()).blockhash).not.toBe(blockhash);
    expect((await connection.isBlockhashValid(blockhash)).value).toBe(true);
    const epoch = await connection.getEpochInfo();
    expect(epoch.absoluteSlot).toBeGreaterThan(slot);
    expect(await connection.getGenesisHash()).toBeTypeOf('string');
    expect((await connection.getVersion())['solana-core']).toBeTypeOf('string');
    expect(await connection.getMinimumBalanceForRentExemption(165)).toBe(2_039_280);
  });

  it('reports recent prioritization fees in micro-lamports per compute unit, per slot and per writable account', async () => {
    const payer = Keypair.generate();
    const destination = Keypair.generate().publicKey;
    await node.airdrop(payer.publicKey.toBase58(), BigInt(LAMPORTS_PER_SOL));
    const blockhash = await connection.getLatestBlockhash();
    const tx = new Transaction({ feePayer: payer.publicKey, ...blockhash }).add(
      ComputeBudgetProgram.setComputeUnitLimit({ units: 10_000 }),
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 250_000 }),
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: destination, lamports: 1_000_000 }),
    );
    tx.sign(payer);
    // Signed here: web3.js's sendTransaction would reuse a blockhash it cached before earlier tests expired it.
    const signature = await connection.sendRawTransaction(tx.serialize());
    expect((await connection.confirmTransaction({ signature, ...blockhash })).value.err).toBeNull();
    const landed = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 });
    // 250,000 micro-lamports x 10,000 CU = 2,500 lamports on top of the signature fee.
    expect(landed?.meta?.fee).toBe(5_000 + 2_500);
    const slot = landed!.slot;

    const byAccount = await connection.getRecentPrioritizationFees({ lockedWritableAccounts: [destination] });
    expect(byAccount.find((entry) => entry.slot === slot)).toEqual({ slot, prioritizationFee: 250_000 });
    const overall = await connection.getRecentPrioritizationFees();
    expect(overall.length).toBeGreaterThan(0);
    expect(overall.length).toBeLessThanOrEqual(150);
    expect(overall.find((entry) => entry.slot === slot)!.prioritizationFee).toBeLessThanOrEqual(250_000);
    expect(overall.at(-1)!.slot).toBeGreaterThanOrEqual(slot);

    const tooMany = Array.from({ length: 129 }, () => Keypair.generate().publicKey.toBase58());
    expect((await rpc(node, 'getRecentPrioritizationFees', [tooMany])).error?.code).toBe(-32602);
  });

  it('seeds the same world on every start and funds fresh addresses', async () => {
    const other = await startSolanaNode({ slotIntervalMs: SLOT_MS });
    try {
      const again = await seedSolanaWorld(other, { accounts: 3 });
      expect(again).toEqual(world);
      const otherConnection = new Connection(other.url, 'confirmed');
      const first = new PublicKey(again.accounts[0]!.address);
      expect(await otherConnection.getBalance(first)).toBe(1000 * LAMPORTS_PER_SOL);
      const usdc = new PublicKey(again.tokens[0]!.address);
      const ata = getAssociatedTokenAddressSync(usdc, first);
      expect((await otherConnection.getTokenAccountBalance(ata)).value.uiAmount).toBe(10_000);
      const makerAta = getAssociatedTokenAddressSync(usdc, new PublicKey(again.maker.address));
      expect(Number((await otherConnection.getTokenAccountBalance(makerAta)).value.amount)).toBeGreaterThan(1e12);
      expect((await otherConnection.getTokenSupply(usdc)).value.decimals).toBe(6);

      const fresh = Keypair.generate().publicKey;
      await fundSolanaAccount(other, again, fresh.toBase58(), { sol: 5n * BigInt(LAMPORTS_PER_SOL), tokens: 7_000_000n });
      expect(await otherConnection.getBalance(fresh)).toBe(5 * LAMPORTS_PER_SOL);
      const owned = await otherConnection.getParsedTokenAccountsByOwner(fresh, { programId: TOKEN_PROGRAM_ID });
      expect(owned.value).toHaveLength(3);
      for (const entry of owned.value) expect(entry.account.data.parsed.info.tokenAmount.amount).toBe('7000000');
      // Funding twice in one slot must not be swallowed as a duplicate.
      await fundSolanaAccount(other, again, fresh.toBase58(), { sol: 0n, tokens: { USDC: 1n } });
      await fundSolanaAccount(other, again, fresh.toBase58(), { sol: 0n, tokens: { USDC: 1n } });
      const usdcAta = getAssociatedTokenAddressSync(usdc, fresh);
      expect((await otherConnection.getTokenAccountBalance(usdcAta)).value.amount).toBe('7000002');
    } finally {
      await other.stop();
    }
  });

  it('closes its ports on stop', async () => {
    const temp = await startSolanaNode();
    expect((await rpc(temp, 'getHealth')).result).toBe('ok');
    await temp.stop();
    for (const port of [temp.port, temp.port + 1]) {
      const refused = await new Promise<boolean>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          resolve(false);
        });
        socket.once('error', () => resolve(true));
      });
      expect(refused).toBe(true);
    }
  });
});

const LAMPORTS_PER_SOL_BIG = BigInt(LAMPORTS_PER_SOL);
