/**
 * A real-chain setup from zero, on the local world's BASE node (it carries the address book's contracts at
 * their real addresses): `npm run deploy` with a fresh solver key, then the app with nothing but RPC_URL_BASE
 * and that key quotes and trades on BASE, delivering exactly the quote, without any VENUES_ or ROUTER_ADDRESS_
 * setting. And a server whose configuration is wrong does not start: it exits naming the variable.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPublicClient, erc20Abi, http, parseEther, parseTransaction, type Address, type Hex, type TransactionSerializableEIP1559 } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@/devnet/free-port';
import { startOwnWorld, type TestWorld } from '@/devnet/test-world';
import { startWorld } from '@/devnet/world';
import { v2ExecuteInput, v2QuoteInput } from '@/server/api/contract/trading';
import { v2ExecuteAnswer, v2QuoteAnswer } from '@/server/api/handlers/trading';
import { ADDRESS_BOOK } from '@/server/chains/address-book-entries';
import { NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import { loadConfig } from '@/server/config/env';
import { createServices, type Services } from '@/server/services';
import { projectContractAddress } from './project-addresses';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const dirs: string[] = [];
let services: Services | undefined;
let ownWorld: TestWorld;
beforeAll(async () => {
  ownWorld = await startOwnWorld(['BASE', 'ARB', 'SOL']);
});
afterAll(async () => {
  await services?.close();
  await ownWorld?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'real-chain-'));
  dirs.push(dir);
  return dir;
};

/** Runs a command of the project with only `env` (and PATH), as an operator's shell would. */
function runScript(args: string[], env: Record<string, string>, timeoutMs = 90_000): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...env } as unknown as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

async function fund(url: string, address: string): Promise<void> {
  await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [address, `0x${parseEther('100').toString(16)}`] }),
  });
}

/** A fresh trader buys BASE's stable (the address book's) with the native coin: the chain delivers the quote exactly. */
async function expectTradeDeliversQuote(services: Services, rpcUrl: string, amount: bigint): Promise<void> {
  const trader = privateKeyToAccount(generatePrivateKey());
  await fund(rpcUrl, trader.address);
  const usdc = ADDRESS_BOOK.BASE!.stables[0]!.address as Address;
  const quoted = await v2QuoteAnswer(
    services,
    v2QuoteInput.parse({
      chain: 'BASE',
      tokenIn: NATIVE_TOKEN_ADDRESS,
      tokenOut: usdc,
      amount: String(amount),
      slippage: 50,
      trader: trader.address,
    }),
  );
  const signed = await trader.signTransaction(parseTransaction(quoted.transaction.trade as Hex) as TransactionSerializableEIP1559);
  const executed = await v2ExecuteAnswer(
    services,
    undefined,
    v2ExecuteInput.parse({ chain: 'BASE', trade: signed, quoteId: quoted.transaction.quoteId, mev: false, simulation: true }),
  );
  expect(executed).toMatchObject({ success: true, status: 'SUCCESS' });
  const client = createPublicClient({ transport: http(rpcUrl) });
  expect(await client.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [trader.address] })).toBe(BigInt(quoted.stats.amountOut));
}

describe('a real-chain setup from zero', () => {
  it('deploys with npm run deploy, then quotes and trades on BASE with only RPC_URL_BASE and the solver key', async () => {
    const base = ownWorld.manifest.chains.BASE!;
    const solverKey = generatePrivateKey();
    const solver = privateKeyToAccount(solverKey).address;
    await fund(base.rpcUrl, solver);
    const deployed = await runScript(['server/cli/deploy.ts', '--chain', 'BASE'], { RPC_URL_BASE: base.rpcUrl, SOLVER_PRIVATE_KEY: solverKey });
    expect(deployed.code, deployed.stderr).toBe(0);
    expect(deployed.stdout.trim().split('\n')).toEqual([
      `ROUTER_ADDRESS_BASE=${projectContractAddress(solver, 'router')}`,
      `DEPOSITORY_ADDRESS_BASE=${projectContractAddress(solver, 'depository')}`,
    ]);

    services = await createServices(loadConfig({ DATA_DIR: tempDir(), LOG_LEVEL: 'silent', RPC_URL_BASE: base.rpcUrl, SOLVER_PRIVATE_KEY: solverKey }));
    expect((await services.doctor()).faults).toEqual([]);
    expect(services.chains.BASE.routerAddress).toBe(projectContractAddress(solver, 'router'));
    await expectTradeDeliversQuote(services, base.rpcUrl, parseEther('0.5'));
  });

  it("runs a fork of a chain with the project's contracts deployed on top, and trades on it", async () => {
    // The local world's BASE node stands in for the real chain: it carries the address book's contracts.
    const real = ownWorld.manifest.chains.BASE!;
    const dataDir = tempDir();
    const fork = await startWorld({ dataDir, ports: 'free', chains: ['BASE'], forkUrls: { BASE: real.rpcUrl }, stateCacheDir: path.join(dataDir, 'cache') });
    try {
      const chain = fork.manifest.chains.BASE!;
      expect(chain.rpcUrl).not.toBe(real.rpcUrl);
      expect(chain.wrappedNative).toBe(ADDRESS_BOOK.BASE!.wrappedNative.address);
      expect(chain.contracts).toMatchObject({ uniswapV3Factory: ADDRESS_BOOK.BASE!.uniswapV3!.factory, depository: expect.any(String) });
      const client = createPublicClient({ transport: http(chain.rpcUrl) });
      expect((await client.getCode({ address: chain.routerAddress as Address }))?.length).toBeGreaterThan(2);
      // Where npm run deploy puts it for the world's solver (the chain forked here, a local node, has it already).
      expect(chain.routerAddress).toBe(real.routerAddress);

      const forked = await createServices(loadConfig({ DATA_DIR: tempDir(), LOG_LEVEL: 'silent', DEVNET_MANIFEST: fork.manifestPath }));
      try {
        expect((await forked.doctor()).faults).toEqual([]);
        await expectTradeDeliversQuote(forked, chain.rpcUrl, parseEther('0.2'));
      } finally {
        await forked.close();
      }
    } finally {
      await fork.stop();
    }
  });

  it('does not start a server whose global configuration is wrong, and names the variable', async () => {
    const { BASE } = ownWorld.manifest.chains;
    const cases: [Record<string, string>, string][] = [
      [{ RPC_URL_BASE: BASE!.rpcUrl, VENUES_BASE: '{"wrappedNative":"0x12"}' }, 'VENUES_BASE'],
      ...(process.env.TEST_DATABASE_URL
        ? [[{ RPC_URL_BASE: BASE!.rpcUrl, DATABASE_URL: process.env.TEST_DATABASE_URL }, 'APP_SECRET'] as [Record<string, string>, string]]
        : []),
    ];
    // The starts are independent (own port, own data folder): side by side, the case waits for one start's
    // module loading instead of several.
    const runs = await Promise.all(
      cases.map(async ([env, named]) => {
        const started = await runScript(['scripts/start.ts', '-p', String(await freePort()), '-H', '127.0.0.1'], { DATA_DIR: tempDir(), ...env });
        return { named, started };
      }),
    );
    for (const { named, started } of runs) {
      expect(started.code, `${named}: ${started.stdout}`).toBe(1);
      expect(started.stderr).toContain(named);
      expect(started.stdout).not.toContain('Ready on');
    }
  }, 360_000);

  it("serves with one chain off, its fault named, when that chain's RPC, Router, Depository or route source is wrong", async () => {
    const { BASE, ARB } = ownWorld.manifest.chains;
    const cases: [Record<string, string>, string, 'BASE' | 'SOL'][] = [
      [{ RPC_URL_BASE: ARB!.rpcUrl }, 'RPC_URL_BASE: serves chain id 42161', 'BASE'],
      [{ RPC_URL_BASE: BASE!.rpcUrl, ROUTER_ADDRESS_BASE: privateKeyToAccount(generatePrivateKey()).address }, 'ROUTER_ADDRESS_BASE', 'BASE'],
      // The world's Depository forwards to the world's solver, not to this key's address.
      [
        { RPC_URL_BASE: BASE!.rpcUrl, SOLVER_PRIVATE_KEY: generatePrivateKey(), DEPOSITORY_ADDRESS_BASE: BASE!.contracts.depository! },
        'DEPOSITORY_ADDRESS_BASE',
        'BASE',
      ],
      [{ RPC_URL_SOL: ownWorld.manifest.chains.SOL!.rpcUrl }, 'JUPITER_API_URL', 'SOL'],
    ];
    for (const [env, named, chain] of cases) {
      const checked = await createServices(loadConfig({ DATA_DIR: tempDir(), LOG_LEVEL: 'silent', ...env }));
      try {
        const run = await checked.doctor();
        expect(run.refusals, named).toEqual([]);
        expect((run.chainFaults[chain] ?? []).map((fault) => `${fault.subject}: ${fault.message}`).join('\n'), named).toContain(named);
        expect(run.chains[chain].bridgeFrom && run.chains[chain].quote, named).toBe(false);
      } finally {
        await checked.close();
      }
    }
  }, 360_000);
});
