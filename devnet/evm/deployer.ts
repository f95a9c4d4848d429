/**
 * The account that builds the EVM world: anvil's account 0 on a fresh chain, sending every transaction with
 * an explicit nonce, so the order of transactions is the order of the deploy script, never a race, and
 * every contract lands at the same address on every chain and every rebuild.
 */
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeDeployData,
  getAddress,
  http,
  type Abi,
  type Address,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { CHAINS, type EvmChainId } from '@/server/chains/registry';
import { anvilAccount } from '../accounts';
import { receiptOf } from './receipt';

export interface ContractWrite {
  address: Address;
  abi: Abi;
  functionName: string;
  args: readonly unknown[];
  value?: bigint;
  /** A gas limit known to be enough (skips the estimate: seeding sends many alike calls). */
  gas?: bigint;
}

export interface Deployer {
  chain: EvmChainId;
  address: Address;
  privateKey: Hex;
  publicClient: PublicClient;
  /**
   * Deploys a contract and returns its address: at its place when `placements` names one for `what` (see
   * `deployAt`), else at the next nonce's address.
   */
  deploy(what: string, abi: Abi, bytecode: Hex, args?: readonly unknown[]): Promise<Address>;
  /** Sends a contract call (next nonce) and waits for it to succeed. */
  write(what: string, call: ContractWrite): Promise<void>;
  /** An anvil cheat (`anvil_setBalance`, `anvil_setCode`, ...): changes state without a transaction. */
  cheat(method: string, params: unknown[]): Promise<unknown>;
  setBalance(address: string, amount: bigint): Promise<void>;
}

/**
 * Connects to the fresh chain at `rpcUrl`; throws when it is the wrong chain or the deployer has sent anything.
 * `placements` names the address some contracts must have (the real chain's), by the `what` they are deployed as.
 */
export async function connectDeployer(rpcUrl: string, chain: EvmChainId, placements: Readonly<Record<string, Address>> = {}): Promise<Deployer> {
  const chainInfo = CHAINS[chain];
  const keys = anvilAccount(0);
  const account = privateKeyToAccount(keys.privateKey);
  const viemChain = defineChain({
    id: chainInfo.chainId,
    name: chainInfo.name,
    nativeCurrency: { name: chainInfo.nativeSymbol, symbol: chainInfo.nativeSymbol, decimals: chainInfo.nativeDecimals },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const transport = http(rpcUrl, { timeout: 60_000 });
  const publicClient: PublicClient = createPublicClient({ chain: viemChain, transport, pollingInterval: 50 });
  const wallet = createWalletClient({ account, chain: viemChain, transport, pollingInterval: 50 });

  const remoteChainId = await publicClient.getChainId();
  if (remoteChainId !== chainInfo.chainId) {
    throw new Error(`${rpcUrl} has chain id ${remoteChainId}, expected ${chainInfo.chainId} for ${chain}`);
  }
  let nonce = await publicClient.getTransactionCount({ address: account.address, blockTag: 'pending' });
  if (nonce !== 0) throw new Error(`deployer already has nonce ${nonce} on ${rpcUrl}: the world needs a fresh chain`);

  const waitFor = async (hash: Hex, what: string): Promise<TransactionReceipt> => {
    const receipt = await receiptOf(publicClient, hash);
    if (receipt.status !== 'success') throw new Error(`${chain}: ${what} reverted (${hash})`);
    return receipt;
  };
  const cheat = (method: string, params: unknown[]) => publicClient.request({ method: method as never, params: params as never });

  /**
   * Runs a contract's constructor at a given address, as Foundry's deployCodeTo does: the creation code is put
   * there and called (once by eth_call for the runtime code it returns, once by a transaction for the storage it
   * writes, with the deployer as msg.sender and `address(this)` the target), then the runtime code replaces it.
   * It takes a nonce as any deploy does, so the contracts after it land where they do on a chain without it.
   */
  const deployAt = async (at: Address, creationCode: Hex, what: string) => {
    await cheat('anvil_setCode', [at, creationCode]);
    const { data: runtime } = await publicClient.call({ account: account.address, to: at, data: '0x' });
    if (!runtime || runtime === '0x') throw new Error(`${chain}: ${what}'s constructor returned no code at ${at}`);
    const gas = withMargin(await publicClient.estimateGas({ account: account.address, to: at, data: '0x' }));
    await waitFor(await wallet.sendTransaction({ to: at, data: '0x', gas, nonce: nonce++ }), `deploy ${what} at ${at}`);
    await cheat('anvil_setCode', [at, runtime]);
  };

  return {
    chain,
    address: account.address,
    privateKey: keys.privateKey,
    publicClient,
    async deploy(what, abi, bytecode, args = []) {
      const data = encodeDeployData({ abi, bytecode, args });
      const at = placements[what];
      if (at) {
        await deployAt(at, data, what);
        return at;
      }
      const gas = withMargin(await publicClient.estimateGas({ account: account.address, data }));
      const receipt = await waitFor(await wallet.sendTransaction({ data, gas, nonce: nonce++ }), `deploy ${what}`);
      if (!receipt.contractAddress) throw new Error(`${chain}: deploy ${what} has no contract address`);
      return getAddress(receipt.contractAddress);
    },
    async write(what, call) {
      const gas = call.gas ?? withMargin(await publicClient.estimateContractGas({ ...call, account: account.address } as never));
      await waitFor(await wallet.writeContract({ ...call, gas, nonce: nonce++ } as never), what);
    },
    cheat,
    async setBalance(address, amount) {
      await cheat('anvil_setBalance', [address, `0x${amount.toString(16)}`]);
    },
  };
}

/** Gas estimates can come up short for Uniswap calls (a new block timestamp writes more state): +30 %. */
function withMargin(gas: bigint): bigint {
  return (gas * 13n) / 10n;
}
