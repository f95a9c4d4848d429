/**
 * The doctor against real local nodes: the local world as the app runs it passes; a real-chain configuration
 * pointed at the world's nodes passes once `npm run deploy` has run; and each mistake an operator can make
 * (a Depository bound to another solver, an RPC serving another chain, a Router without code, SOL without
 * Jupiter, a shared database without APP_SECRET) is a fault naming the variable to fix.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getBase58Decoder } from '@solana/kit';
import { Keypair } from '@solana/web3.js';
import { parseEther, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOwnWorld, type TestWorld } from '@/devnet/test-world';
import { createChainDirectory } from '@/server/chain-directory-setup';
import { createRpcTransport } from '@/server/chains/json-rpc';
import { loadConfig } from '@/server/config/env';
import { deployProjectContracts } from '@/server/deploy/deploy-contracts';
import { createServices, type Services } from '@/server/services';
import { runDoctor } from './doctor';
import { createFamilyServices } from '@/server/family-services';
import { createRoutingCaches } from '@/server/routing/routing-caches';

const dirs: string[] = [];
const opened: Services[] = [];
let ownWorld: TestWorld;
beforeAll(async () => {
  ownWorld = await startOwnWorld(['BASE', 'ARB', 'SOL']);
});
afterAll(async () => {
  await Promise.all(opened.map((services) => services.close()));
  await ownWorld?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function servicesFor(env: Record<string, string>, dir = newDataDir()): Promise<Services> {
  const services = await createServices(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', ...env }));
  opened.push(services);
  return services;
}

function newDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'doctor-'));
  dirs.push(dir);
  return dir;
}

const world = () => ownWorld.manifest.chains;

async function rpcCall(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result: unknown }).result;
}

/** A solver key of its own, funded on the world's BASE, with the project's contracts deployed for it there. */
async function deployedSolver(): Promise<Hex> {
  const key = generatePrivateKey();
  const base = world().BASE!;
  await rpcCall(base.rpcUrl, 'anvil_setBalance', [privateKeyToAccount(key).address, `0x${parseEther('100').toString(16)}`]);
  await deployProjectContracts({
    chain: 'BASE',
    rpc: createRpcTransport({ chain: 'BASE', urls: [base.rpcUrl], timeoutMs: 10_000 }),
    deployerKey: key,
    wrappedNative: base.wrappedNative as Hex,
  });
  return key;
}

const subjects = (run: Awaited<ReturnType<Services['doctor']>>) => run.faults.map((fault) => fault.subject);

describe('the doctor', () => {
  it('finds nothing wrong with the local world, and every chain of it can do everything', async () => {
    const run = await (await servicesFor({ DEVNET_MANIFEST: ownWorld.manifestPath })).doctor();
    expect(run.faults).toEqual([]);
    for (const id of Object.keys(world()) as (keyof ReturnType<typeof world>)[]) {
      expect(run.chains[id], id).toMatchObject({ rpc: 'ok', quote: true, trade: true, tokenData: true, bridgeFrom: true, bridgeTo: true });
    }
  });

  it('passes a real-chain configuration of BASE with only its RPC and the solver key, once npm run deploy ran', async () => {
    const key = generatePrivateKey();
    const undeployed = await (await servicesFor({ RPC_URL_BASE: world().BASE!.rpcUrl, SOLVER_PRIVATE_KEY: key })).doctor();
    // Not deployed yet: no fault (nothing configured is wrong), but no trading, and the note says what to run.
    expect(undeployed.faults).toEqual([]);
    expect(undeployed.chains.BASE).toMatchObject({ rpc: 'ok', tokenData: true, quote: false, bridgeFrom: false });
    expect(undeployed.chains.BASE.notes.join(' ')).toContain('npm run deploy -- --chain BASE');
    // The key holds nothing: said before a deploy would fail on it.
    expect(undeployed.warnings).toContainEqual({
      subject: 'BASE',
      message: expect.stringContaining('`npm run deploy -- --chain BASE` pays gas from it and would fail. Fund it first.'),
    });

    const deployed = await (await servicesFor({ RPC_URL_BASE: world().BASE!.rpcUrl, SOLVER_PRIVATE_KEY: await deployedSolver() })).doctor();
    expect(deployed.faults).toEqual([]);
    expect(deployed.chains.BASE).toMatchObject({ rpc: 'ok', quote: true, trade: true, tokenData: true, bridgeFrom: true, bridgeTo: true });
    expect(deployed.chains.ETH).toMatchObject({ rpc: 'none', quote: false });
  });

  it('refuses to start with a changed solver key that has no contracts, naming the address they were found for', async () => {
    const dir = newDataDir();
    const oldKey = await deployedSolver();
    const before = await servicesFor({ RPC_URL_BASE: world().BASE!.rpcUrl, SOLVER_PRIVATE_KEY: oldKey }, dir);
    expect((await before.doctor()).refusals).toEqual([]);
    opened.splice(opened.indexOf(before), 1);
    await before.close();

    const newKey = generatePrivateKey();
    const after = await (await servicesFor({ RPC_URL_BASE: world().BASE!.rpcUrl, SOLVER_PRIVATE_KEY: newKey }, dir)).doctor();
    expect(after.refusals).toEqual([
      { subject: 'SOLVER_PRIVATE_KEY', message: expect.stringContaining(`last found for ${privateKeyToAccount(oldKey).address}`) },
    ]);
    expect(after.refusals[0]!.message).toContain(`this key (${privateKeyToAccount(newKey).address})`);
    expect(after.refusals[0]!.message).toContain('No bridge request is waiting on the old key.');
  });

  it('refuses a Depository that forwards deposits to another address than the configured solver, on EVM and on SOL', async () => {
    const other = await deployedSolver();
    const otherDepository = (await servicesFor({ RPC_URL_BASE: world().BASE!.rpcUrl, SOLVER_PRIVATE_KEY: other })).bridge.chains.BASE!.depository;
    const solSolver = Keypair.generate();
    const run = await (
      await servicesFor({
        RPC_URL_BASE: world().BASE!.rpcUrl,
        SOLVER_PRIVATE_KEY: await deployedSolver(),
        DEPOSITORY_ADDRESS_BASE: otherDepository,
        RPC_URL_SOL: world().SOL!.rpcUrl,
        JUPITER_API_URL: 'http://127.0.0.1:9/swap/v1',
        FEE_COLLECTOR_SOL: Keypair.generate().publicKey.toBase58(),
        SOLVER_SECRET_KEY_SOL: getBase58Decoder().decode(solSolver.secretKey),
        DEPOSITORY_ADDRESS_SOL: Keypair.generate().publicKey.toBase58(),
      })
    ).doctor();
    expect(run.faults).toEqual(
      expect.arrayContaining([
        { subject: 'DEPOSITORY_ADDRESS_BASE', message: expect.stringContaining(`not to the configured solver`) },
        { subject: 'DEPOSITORY_ADDRESS_SOL', message: expect.stringContaining(solSolver.publicKey.toBase58()) },
      ]),
    );
  });

  it('names RPC_URL_BASE when it serves another chain, and ROUTER_ADDRESS_BASE when the Router there has no code', async () => {
    const wrongChain = await (await servicesFor({ RPC_URL_BASE: world().ARB!.rpcUrl })).doctor();
    expect(wrongChain.faults).toEqual([{ subject: 'RPC_URL_BASE', message: expect.stringContaining('serves chain id 42161, not BASE (8453)') }]);
    const noRouter = await (
      await servicesFor({ RPC_URL_BASE: world().BASE!.rpcUrl, ROUTER_ADDRESS_BASE: privateKeyToAccount(generatePrivateKey()).address })
    ).doctor();
    expect(noRouter.faults).toEqual([{ subject: 'ROUTER_ADDRESS_BASE', message: expect.stringContaining('has no code') }]);
  });

  it('names JUPITER_API_URL and FEE_COLLECTOR_SOL when SOL is served without them', async () => {
    const services = await servicesFor({ RPC_URL_SOL: world().SOL!.rpcUrl });
    const run = await services.doctor();
    expect(subjects(run)).toEqual(expect.arrayContaining(['JUPITER_API_URL', 'FEE_COLLECTOR_SOL']));
    expect(run.chains.SOL).toMatchObject({ quote: false, trade: false });
  });

  it('names APP_SECRET when instances share a database without it', async () => {
    const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'doctor-')), DATABASE_URL: 'postgres://app@127.0.0.1:5432/app' });
    const run = await runDoctor({
      config,
      families: createFamilyServices(createRoutingCaches()),
      chains: createChainDirectory(config, undefined),
      manifest: undefined,
      solanaRouted: false,
      pingStorage: async () => undefined,
    });
    expect(run.faults).toEqual([{ subject: 'APP_SECRET', message: expect.stringContaining('DATABASE_URL is set') }]);
    const withSecret = loadConfig({ DATABASE_URL: 'postgres://app@127.0.0.1:5432/app', APP_SECRET: 'x'.repeat(32) });
    expect(
      (
        await runDoctor({
          config: withSecret,
          families: createFamilyServices(createRoutingCaches()),
          chains: createChainDirectory(withSecret, undefined),
          manifest: undefined,
          solanaRouted: false,
          pingStorage: async () => undefined,
        })
      ).faults,
    ).toEqual([]);
  });
});
