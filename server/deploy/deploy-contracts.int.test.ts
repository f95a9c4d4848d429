/**
 * `npm run deploy` against real local nodes: the Router and the Depository land at the same address on two
 * chains, bound to the chain's wrapped native coin and to the deployer as solver; a second run finds them and
 * deploys nothing; a chain that cannot run them (another chain id behind the RPC, no Cancun, no deterministic
 * deployment proxy) is refused before anything is sent, naming what is missing. So are a wrapped native coin
 * without code and a key that cannot pay, each in one line from the command; `--salt` gives the same key a
 * new pair of addresses, which the app finds through DEPLOY_SALT.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createPublicClient, http, parseEther, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilNode } from '@/devnet/anvil';
import { createRpcTransport } from '@/server/chains/json-rpc';
import { CHAINS, type EvmChainId } from '@/server/chains/registry';
import { deployedRouterAddress } from './configured-contracts';
import { checkProjectContract } from './contract-checks';
import { DeployRefused } from './deploy-preflight';
import { deployProjectContracts } from './deploy-contracts';
import { projectContractAddress } from './project-addresses';

const nodes: AnvilNode[] = [];
afterAll(async () => {
  await Promise.all(nodes.map((node) => node.stop()));
});

const WRAPPED = { BASE: '0x4200000000000000000000000000000000000006', ARB: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1' } as const;

async function node(chain: EvmChainId, args: string[] = [], serving: EvmChainId = chain) {
  const started = await startAnvil({ chainId: CHAINS[serving].chainId, args });
  nodes.push(started);
  return { url: started.url, rpc: createRpcTransport({ chain, urls: [started.url], timeoutMs: 10_000 }) };
}

const anvil = (url: string, method: string, params: unknown[]) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });

async function fundedDeployer(url: string, key: Hex, amount = parseEther('10')): Promise<void> {
  await anvil(url, 'anvil_setBalance', [privateKeyToAccount(key).address, `0x${amount.toString(16)}`]);
}

/** A bare node has no wrapped native coin: any code at the address stands in for it (the Router only keeps the address). */
async function withWrappedNative(url: string, address: string = WRAPPED.BASE): Promise<void> {
  await anvil(url, 'anvil_setCode', [address, '0x00']);
}

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** `npm run deploy` as an operator runs it, with only `env` (and PATH). */
function runDeploy(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/deploy.ts', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env } as unknown as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run deploy', () => {
  it('puts the Router and the Depository at the same address on two chains, bound as configured; a second run deploys nothing', async () => {
    const key = generatePrivateKey();
    const deployer = privateKeyToAccount(key).address;
    const feeCollector = privateKeyToAccount(generatePrivateKey()).address;
    const found: Record<string, Address>[] = [];
    for (const chain of ['BASE', 'ARB'] as const) {
      const { url, rpc } = await node(chain);
      await fundedDeployer(url, key);
      await withWrappedNative(url, WRAPPED[chain]);
      const deployed = await deployProjectContracts({ chain, rpc, deployerKey: key, wrappedNative: WRAPPED[chain], feeCollector });
      expect(deployed.map((entry) => entry.outcome)).toEqual(['deployed', 'deployed']);
      found.push(Object.fromEntries(deployed.map((entry) => [entry.contract, entry.address])));
      const client = createPublicClient({ transport: http(url) });
      const router = found.at(-1)!.router!;
      expect(
        await client.readContract({
          address: router,
          abi: [{ type: 'function', name: 'feeCollector', inputs: [], outputs: [{ type: 'address' }], stateMutability: 'view' }],
          functionName: 'feeCollector',
        }),
      ).toBe(feeCollector);
      expect(
        await client.readContract({
          address: router,
          abi: [{ type: 'function', name: 'owner', inputs: [], outputs: [{ type: 'address' }], stateMutability: 'view' }],
          functionName: 'owner',
        }),
      ).toBe(deployer);
      expect(await checkProjectContract(rpc, 'depository', found.at(-1)!.depository!, { solver: deployer })).toEqual({ state: 'ok' });
      // Bound to its own solver: checked against another, it is refused.
      const stranger = privateKeyToAccount(generatePrivateKey()).address;
      expect(await checkProjectContract(rpc, 'depository', found.at(-1)!.depository!, { solver: stranger })).toMatchObject({
        state: 'wrong',
        problem: expect.stringContaining(stranger),
      });
      expect(await checkProjectContract(rpc, 'router', router, { wrappedNative: WRAPPED[chain === 'BASE' ? 'ARB' : 'BASE'] })).toMatchObject({
        state: 'wrong',
      });

      const again = await deployProjectContracts({ chain, rpc, deployerKey: key, wrappedNative: WRAPPED[chain], feeCollector });
      expect(again).toMatchObject([
        { outcome: 'present', txHashes: [] },
        { outcome: 'present', txHashes: [] },
      ]);
    }
    expect(found[0]).toEqual(found[1]);
    expect(found[0]).toEqual({ router: projectContractAddress(deployer, 'router'), depository: projectContractAddress(deployer, 'depository') });
  });

  it('refuses a chain it cannot run on, before sending anything, naming what is missing', async () => {
    const key = generatePrivateKey();
    const deployer = privateKeyToAccount(key).address;
    const cases: { chain: EvmChainId; args: string[]; serving?: EvmChainId; names: string }[] = [
      // The RPC named for ARB serves BASE.
      { chain: 'ARB', args: [], serving: 'BASE', names: `chain id ${CHAINS.BASE.chainId}, not ${CHAINS.ARB.chainId}` },
      { chain: 'BASE', args: ['--hardfork', 'shanghai'], names: 'Cancun' },
      { chain: 'BASE', args: ['--disable-default-create2-deployer'], names: 'deterministic deployment proxy' },
    ];
    for (const { chain, args, serving, names } of cases) {
      const { url, rpc } = await node(chain, args, serving);
      await fundedDeployer(url, key);
      const refused = await deployProjectContracts({ chain, rpc, deployerKey: key, wrappedNative: WRAPPED.BASE }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(DeployRefused);
      expect((refused as Error).message).toContain(names);
      expect(await rpc.request('eth_getTransactionCount', [deployer, 'latest'])).toBe('0x0');
    }
  });

  it('refuses a wrapped native coin without code and a key that cannot pay, before sending anything, in one line each', async () => {
    const key = generatePrivateKey();
    const deployer = privateKeyToAccount(key).address;
    const { url, rpc } = await node('BASE');
    await fundedDeployer(url, key);
    const noWrapped = await deployProjectContracts({ chain: 'BASE', rpc, deployerKey: key, wrappedNative: WRAPPED.BASE }).catch((error: unknown) => error);
    expect(noWrapped).toBeInstanceOf(DeployRefused);
    expect((noWrapped as Error).message).toContain(`${WRAPPED.BASE} has no code`);
    expect((noWrapped as Error).message).toContain('VENUES_BASE');
    const cli = await runDeploy(['--chain', 'BASE'], { RPC_URL_BASE: url, SOLVER_PRIVATE_KEY: key });
    expect(cli.code).toBe(1);
    expect(cli.stderr.trim().split('\n').at(-1)).toContain('VENUES_BASE');
    expect(cli.stderr).not.toMatch(/\n\s+at /);

    await withWrappedNative(url);
    await fundedDeployer(url, key, 1_000n);
    const unfunded = await deployProjectContracts({ chain: 'BASE', rpc, deployerKey: key, wrappedNative: WRAPPED.BASE }).catch((error: unknown) => error);
    expect(unfunded).toBeInstanceOf(DeployRefused);
    expect((unfunded as Error).message).toMatch(new RegExp(`holds 0.000000000000001 ETH .* send at least [0-9.]+ ETH to ${deployer} on BASE`));
    const broke = await runDeploy(['--chain', 'BASE'], { RPC_URL_BASE: url, SOLVER_PRIVATE_KEY: key });
    expect(broke.code).toBe(1);
    expect(broke.stderr.trim().split('\n').at(-1)).toContain('send at least');
    expect(broke.stderr).not.toMatch(/\n\s+at /);
    expect(await rpc.request('eth_getTransactionCount', [deployer, 'latest'])).toBe('0x0');
  });

  it('puts the contracts at a new pair of addresses with --salt when the usual ones are spoiled, and the app finds them through DEPLOY_SALT', async () => {
    const key = generatePrivateKey();
    const deployer = privateKeyToAccount(key).address;
    const { url, rpc } = await node('BASE');
    await fundedDeployer(url, key);
    // The usual Router bound to the wrong coin, as a deploy before these checks could leave it.
    const wrong = privateKeyToAccount(generatePrivateKey()).address;
    await withWrappedNative(url, wrong);
    await withWrappedNative(url);
    await deployProjectContracts({ chain: 'BASE', rpc, deployerKey: key, wrappedNative: wrong });
    const spoiled = await deployProjectContracts({ chain: 'BASE', rpc, deployerKey: key, wrappedNative: WRAPPED.BASE }).catch((error: unknown) => error);
    expect((spoiled as Error).message).toContain('--salt');

    const salted = await runDeploy(['--chain', 'BASE', '--salt', 'v2'], { RPC_URL_BASE: url, SOLVER_PRIVATE_KEY: key });
    expect(salted.code, salted.stderr).toBe(0);
    const router = projectContractAddress(deployer, 'router', 'v2');
    expect(salted.stdout.trim().split('\n')).toEqual([
      'DEPLOY_SALT=v2',
      `ROUTER_ADDRESS_BASE=${router}`,
      `DEPOSITORY_ADDRESS_BASE=${projectContractAddress(deployer, 'depository', 'v2')}`,
    ]);
    expect(router).not.toBe(projectContractAddress(deployer, 'router'));
    expect(await checkProjectContract(rpc, 'router', router, { deployer, wrappedNative: WRAPPED.BASE })).toEqual({ state: 'ok' });
    expect(deployedRouterAddress({ SOLVER_PRIVATE_KEY: key, SOLVER_SECRET_KEY_SOL: undefined, DEPLOY_SALT: 'v2' })).toBe(router);
    // DEPLOY_SALT is the deploy's default too: run again, it finds them and sends nothing.
    const again = await runDeploy(['--chain', 'BASE'], { RPC_URL_BASE: url, SOLVER_PRIVATE_KEY: key, DEPLOY_SALT: 'v2' });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('is there already');
  });
});
