/**
 * What `npm run deploy` checks before it sends anything: a Router's address is bound for good to the wrapped
 * native coin its constructor takes (the address follows from the key alone), so that coin must be a
 * contract on the chain; and the deployer must hold enough for every transaction the deploy will send. Each
 * refusal names what to set or do.
 */
import { formatEther, formatGwei, type Address, type Hex } from 'viem';
import { estimateGas } from '@/server/chains/evm/actions/estimate-gas';
import { getBalance } from '@/server/chains/evm/actions/get-balance';
import type { RpcTransport } from '@/server/chains/json-rpc';
import { hexQuantity, requestChecked } from '@/server/chains/rpc-answers';
import { CHAINS, type EvmChainId } from '@/server/chains/registry';

/** One transaction the deploy means to send: to the deterministic deployer or a proxy, or (not yet there) a proxy to be. */
export interface PlannedSend {
  to: Address;
  data: Hex;
  /** The proxy `to` is made by an earlier send of the same run: estimated as a plain creation of `creationCode`. */
  creationCode?: Hex;
}

export class DeployRefused extends Error {
  override readonly name = 'DeployRefused';
}

/** Estimates miss the first write to a new account's storage under some nodes: a margin, as for trades. */
export const GAS_MARGIN_PERCENT = 130n;
/** The proxy's own work around a creation (a call, its CREATE over a plain creation's, copying the code). */
const PROXY_OVERHEAD_GAS = 20_000n;

/** What the deploy offers per gas: twice the current price plus the tip (as `send` signs it). */
export interface DeployFees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

export async function readDeployFees(rpc: RpcTransport): Promise<DeployFees> {
  const [gasPrice, tip] = await Promise.all([
    requestChecked(rpc, 'eth_gasPrice', [], hexQuantity),
    requestChecked(rpc, 'eth_maxPriorityFeePerGas', [], hexQuantity).catch(() => 0n),
  ]);
  return { maxFeePerGas: gasPrice * 2n + tip, maxPriorityFeePerGas: tip };
}

/** Refuses a wrapped native coin without code: the Router would be bound to nothing, at an address spoiled for good. */
export async function checkWrappedNative(rpc: RpcTransport, chain: EvmChainId, wrappedNative: Address): Promise<void> {
  const code = await rpc.request<Hex>('eth_getCode', [wrappedNative, 'latest']);
  if (code !== '0x') return;
  throw new DeployRefused(
    `${chain}: the wrapped native coin ${wrappedNative} has no code on this chain, and the Router is bound to it for good: ` +
      `set VENUES_${chain}='{"wrappedNative":"0x…"}' to the chain's wrapped native contract (or check RPC_URL_${chain} serves ${chain}), then run again.`,
  );
}

/** Refuses a deployer that cannot pay for every planned send at the fees the deploy will offer. */
export async function checkDeployerFunds(
  rpc: RpcTransport,
  chain: EvmChainId,
  deployer: Address,
  sends: readonly PlannedSend[],
  fees: DeployFees,
): Promise<void> {
  if (sends.length === 0) return;
  const symbol = CHAINS[chain].nativeSymbol;
  const [balance, gases] = await Promise.all([getBalance(rpc, deployer), Promise.all(sends.map((send) => estimateSend(rpc, deployer, send)))]).catch(
    (error: unknown) => {
      throw new DeployRefused(
        `${chain}: the node could not estimate the deploy's gas (${(error as Error).message}); check RPC_URL_${chain} and that ${deployer} holds ${symbol}, then run again.`,
      );
    },
  );
  const gas = gases.reduce((sum, each) => sum + (each * GAS_MARGIN_PERCENT) / 100n, 0n);
  const needed = gas * fees.maxFeePerGas;
  if (balance >= needed) return;
  throw new DeployRefused(
    `${chain}: the deployer ${deployer} (SOLVER_PRIVATE_KEY) holds ${formatEther(balance)} ${symbol} and the deploy needs up to ${formatEther(needed)} ` +
      `(${sends.length} transactions, ${gas} gas at up to ${formatGwei(fees.maxFeePerGas)} gwei): send at least ${formatEther(needed - balance)} ${symbol} to ${deployer} on ${chain}, then run again.`,
  );
}

function estimateSend(rpc: RpcTransport, from: Address, send: PlannedSend): Promise<bigint> {
  // A proxy made earlier in the same run cannot be called yet: its creation is estimated as the deployer's
  // own, plus what the proxy's call and CREATE add.
  if (send.creationCode) {
    return requestChecked(rpc, 'eth_estimateGas', [{ from, data: send.creationCode }], hexQuantity).then((gas) => gas + PROXY_OVERHEAD_GAS);
  }
  return estimateGas(rpc, { from, to: send.to, value: 0n, data: send.data });
}
