/**
 * `npm run deploy` against real local nodes: the Router and the Depository land at the same address on two
 * chains, bound to the chain's wrapped native coin and to the deployer as solver; a second run finds them and
 * deploys nothing; a chain that cannot run them (another chain id behind the RPC, no Cancun, no deterministic
 * deployment proxy) is refused before anything is sent, naming what is missing.
 */
import { createPublicClient, http, parseEther, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilNode } from '@/devnet/anvil';
import { createRpcTransport } from '@/server/chains/json-rpc';
import { CHAINS, type EvmChainId } from '@/server/chains/registry';
import { checkProjectContract } from './contract-checks';
import { DeployRefused, deployProjectContracts } from './deploy-contracts';
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

async function fundedDeployer(url: string, key: Hex): Promise<void> {
  const address = privateKeyToAccount(key).address;
  await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [address, `0x${parseEther('10').toString(16)}`] }) });
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
      const deployed = await deployProjectContracts({ chain, rpc, deployerKey: key, wrappedNative: WRAPPED[chain], feeCollector });
      expect(deployed.map((entry) => entry.outcome)).toEqual(['deployed', 'deployed']);
      found.push(Object.fromEntries(deployed.map((entry) => [entry.contract, entry.address])));
      const client = createPublicClient({ transport: http(url) });
      const router = found.at(-1)!.router!;
      expect(await client.readContract({ address: router, abi: [{ type: 'function', name: 'feeCollector', inputs: [], outputs: [{ type: 'address' }], stateMutability: 'view' }], functionName: 'feeCollector' })).toBe(feeCollector);
      expect(await client.readContract({ address: router, abi: [{ type: 'function', name: 'owner', inputs: [], outputs: [{ type: 'address' }], stateMutability: 'view' }], functionName: 'owner' })).toBe(deployer);
      expect(await checkProjectContract(rpc, 'depository', found.at(-1)!.depository!, { solver: deployer })).toEqual({ state: 'ok' });
      // Bound to its own solver: checked against another, it is refused.
      const stranger = privateKeyToAccount(generatePrivateKey()).address;
      expect(await checkProjectContract(rpc, 'depository', found.at(-1)!.depository!, { solver: stranger })).toMatchObject({ state: 'wrong', problem: expect.stringContaining(stranger) });
      expect(await checkProjectContract(rpc, 'router', router, { wrappedNative: WRAPPED[chain === 'BASE' ? 'ARB' : 'BASE'] })).toMatchObject({ state: 'wrong' });

      const again = await deployProjectContracts({ chain, rpc, deployerKey: key, wrappedNative: WRAPPED[chain], feeCollector });
      expect(again).toMatchObject([{ outcome: 'present', txHashes: [] }, { outcome: 'present', txHashes: [] }]);
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
});
