/**
 * Exactly once across a crash, for swap-and-deposits (a token swapped into the native coin by the deposit
 * transaction itself): an instance in a process of its own is killed with SIGKILL just after it stored a
 * fill's payment and before sending it, and a second swap-and-deposit is sent while no instance runs. The
 * next start on the same data folder sends the stored payment (once) and finds the other deposit by its scan
 * (filled once); more rounds pay nothing more.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createPublicClient, erc20Abi, http, parseTransaction, type Address, type Hex, type TransactionSerializableEIP1559 } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { afterAll, describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import { loadConfig } from '@/server/config/env';
import { useRestClient } from '@/server/rest/test-support/use-rest-client';
import { createServices } from '@/server/services';
import { receiptOf } from '@/devnet/evm/receipt';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const client = useRestClient();
const SOURCE = 'MONAD';
const DESTINATION = 'XLAYER';

interface QuoteAnswer {
  transaction: { trade: string; approve: string; requestId: string };
  stats: { amountOut: string; depositAmount: string };
}

/** This run's environment on an embedded store in `DATA_DIR` (never the test PostgreSQL). */
function embeddedEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  delete env.DATABASE_URL;
  return env;
}

/** The instance in its own process: JSON lines in and out. */
class InstanceProcess {
  readonly #child: ChildProcessWithoutNullStreams;
  readonly #lines: AsyncIterator<string>;
  stderr = '';

  constructor(dataDir: string) {
    this.#child = spawn(process.execPath, ['--import', 'tsx', 'server/api/test-support/bridge-process.ts'], {
      // Execute waits for its fill past the test: its only answer is the stored payment.
      cwd: REPO,
      env: embeddedEnv({ DATA_DIR: dataDir, HOLD_PAYMENTS_ON: DESTINATION, BRIDGE_EXECUTE_WAIT_MS: '600000' }),
    });
    this.#child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.#lines = createInterface({ input: this.#child.stdout })[Symbol.asyncIterator]();
  }

  async next<T>(): Promise<T> {
    const { value, done } = await this.#lines.next();
    if (done) throw new Error(`the instance exited early:\n${this.stderr}`);
    return JSON.parse(value) as T;
  }

  send(op: 'quote' | 'execute', input: object): void {
    this.#child.stdin.write(`${JSON.stringify({ op, input })}\n`);
  }

  kill(): Promise<void> {
    if (this.#child.exitCode !== null || this.#child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      this.#child.once('exit', () => resolve());
      this.#child.kill('SIGKILL');
    });
  }
}

const clientFor = (chain: 'MONAD' | 'XLAYER') => createPublicClient({ transport: http(testManifest().chains[chain]!.rpcUrl) });
const sign = (account: PrivateKeyAccount, unsigned: string) => account.signTransaction(parseTransaction(unsigned as Hex) as TransactionSerializableEIP1559);
const alpha = () => testManifest().chains[SOURCE]!.tokens.find((token) => token.symbol === 'ALPHA')!.address as Address;

let instance: InstanceProcess | undefined;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bridge-crash-'));

afterAll(async () => {
  await instance?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a swap-and-deposit across a crash (SIGKILL)', () => {
  it('pays the fill stored before the crash once, and the deposit sent while down once', async () => {
    const trader = privateKeyToAccount(generatePrivateKey());
    expect((await client.post('dev.faucet', { chain: SOURCE, address: trader.address })).status).toBe(200);
    const [first, second] = [privateKeyToAccount(generatePrivateKey()).address, privateKeyToAccount(generatePrivateKey()).address];
    instance = new InstanceProcess(dataDir);
    expect(await instance.next()).toEqual({ ready: true });
    const quote = async (recipient: Address) => {
      instance!.send('quote', {
        source: SOURCE,
        destination: DESTINATION,
        amount: (200n * 10n ** 18n).toString(),
        trader: trader.address,
        recipient,
        tokenIn: alpha(),
      });
      return instance!.next<QuoteAnswer>();
    };
    const firstQuote = await quote(first);
    expect(firstQuote.transaction.approve, JSON.stringify(firstQuote)).not.toBe('');
    const approve = await sign(trader, firstQuote.transaction.approve);
    instance.send('execute', {
      trade: await sign(trader, firstQuote.transaction.trade),
      approve,
      sourceChain: SOURCE,
      requestId: firstQuote.transaction.requestId,
    });
    const { stored } = await instance.next<{ stored: string }>();
    // The second quote's deposit (its nonce after the first's) is made while no instance runs.
    const secondQuote = await quote(second);
    expect(secondQuote.transaction?.approve, JSON.stringify(secondQuote)).toBe('');
    await instance.kill();
    const monad = clientFor(SOURCE);
    await receiptOf(monad, await monad.sendRawTransaction({ serializedTransaction: await sign(trader, secondQuote.transaction.trade) }));

    const next = await createServices(loadConfig(embeddedEnv({ DATA_DIR: dataDir })));
    try {
      // The killed instance's claim on the first request would run out within a lease (10 s; taking over is
      // tested in bridge.int.test.ts): it is ended here rather than waited for.
      await next.store.db.updateTable('bridge_requests').set({ claimed_until: null }).where('id', '=', firstQuote.transaction.requestId).execute();
      const rows = async () => Promise.all([firstQuote, secondQuote].map((answer) => next.bridge.requests.find(answer.transaction.requestId)));
      const deadline = Date.now() + 30_000;
      while (!(await rows()).every((row) => row?.state === 'success') && Date.now() < deadline) {
        await next.solver.drain();
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const [firstRow, secondRow] = await rows();
      expect(firstRow).toMatchObject({ state: 'success', depositToken: null });
      expect(secondRow).toMatchObject({ state: 'success', depositToken: null });
      const xlayer = clientFor(DESTINATION);
      // The stored payment is what was sent, unless the other fill took its nonce first (it was never sent, so
      // that nonce was free): then it can never land, and a new one paid.
      if (firstRow!.fillTxHash !== stored.toLowerCase()) {
        await expect(xlayer.getTransactionReceipt({ hash: stored as Hex })).rejects.toThrow(/could not be found/);
      }
      expect(await xlayer.getBalance({ address: first })).toBe(BigInt(firstQuote.stats.amountOut));
      expect(await xlayer.getBalance({ address: second })).toBe(BigInt(secondQuote.stats.amountOut));
      // Nothing more after further rounds, and the trader swapped its ALPHA exactly twice.
      await next.solver.drain();
      expect(await xlayer.getBalance({ address: first })).toBe(BigInt(firstQuote.stats.amountOut));
      expect(await monad.readContract({ address: alpha(), abi: erc20Abi, functionName: 'balanceOf', args: [trader.address] })).toBe(
        (await faucetAlpha()) - 400n * 10n ** 18n,
      );
    } finally {
      await next.close();
    }
  }, 120_000);
});

/** What the faucet gives of ALPHA (the trader had nothing else). */
async function faucetAlpha(): Promise<bigint> {
  const someone = privateKeyToAccount(generatePrivateKey()).address;
  await client.post('dev.faucet', { chain: SOURCE, address: someone });
  return clientFor(SOURCE).readContract({ address: alpha(), abi: erc20Abi, functionName: 'balanceOf', args: [someone] });
}
