import { createPublicClient, createWalletClient, erc20Abi, http, type Hex, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { ManifestChain } from '@/server/chains/devnet-manifest';
import { requestTarget } from '@/server/chains/json-rpc';
import { CHAINS, type ChainId } from '@/server/chains/registry';
import { AppError } from '@/server/errors';
import { classifySendRefusal } from '@/server/chains/evm/send-refusals';
import type { FaucetPlan, FaucetTransactions } from './faucet-plan';

const NONCE_RACE_RETRIES = 20;

/**
 * Every app process on the world (two instances on one database, a test's own server beside the dev
 * server) pays from the same treasury; the per-process queue cannot order them, so a payment that lost
 * the race for a nonce is signed again with the next one, after a random pause so racers fall out of step.
 */
async function sendPastNonceRaces(send: () => Promise<Hex>): Promise<Hex> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      const refusal = classifySendRefusal(error instanceof Error ? error.message : String(error));
      const lostNonceRace = refusal === 'NONCE_TOO_LOW' || refusal === 'NONCE_ALREADY_USED';
      if (!lostNonceRace || attempt >= NONCE_RACE_RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40 * attempt));
    }
  }
}

/**
 * The payment's transaction once mined. A racer that signed the same nonce with a higher fee (the fee follows the
 * base fee, which moves between blocks) replaces it in the node's pool, and it is never mined: the payment is then
 * sent again (with the next nonce).
 */
async function minedOrSentAgain(client: PublicClient, send: () => Promise<Hex>, first: Hex): Promise<Hex> {
  let hash = first;
  for (let attempt = 1; ; attempt++) {
    try {
      const receipt = await client.waitForTransactionReceipt({ hash, timeout: 20_000 });
      if (receipt.status !== 'success') throw new AppError('RPC_ERROR', `A faucet transfer reverted (${hash}).`);
      return hash;
    } catch (error) {
      const replaced = !(await client.getTransaction({ hash }).catch(() => undefined));
      if (error instanceof AppError || !replaced || attempt >= 3) throw error;
      hash = await sendPastNonceRaces(send);
    }
  }
}

/**
 * Native and tokens by transfer from the treasury, so each amount has a transaction the wallet's owner can
 * look up; the treasury's native coin is first topped up by anvil's balance cheat so it never runs dry.
 */
export async function fundEvmAddress(chain: ChainId, entry: ManifestChain, address: `0x${string}`, plan: FaucetPlan): Promise<FaucetTransactions> {
  if (!entry.treasury?.privateKey) throw new AppError('CHAIN_UNAVAILABLE', 'The local world has no treasury key for this chain.');
  // A user and password in the URL travel as Basic authorization, as the chain's own transport sends them.
  const node = requestTarget(entry.rpcUrl);
  const transport = http(node.url, { timeout: 10_000, fetchOptions: { headers: node.headers } });
  const { name, nativeSymbol, nativeDecimals } = CHAINS[chain];
  const viemChain = {
    id: entry.chainId,
    name,
    nativeCurrency: { name: nativeSymbol, symbol: nativeSymbol, decimals: nativeDecimals },
    rpcUrls: { default: { http: [node.url] } },
  };
  const publicClient = createPublicClient({ chain: viemChain, transport });
  const wallet = createWalletClient({ chain: viemChain, transport, account: privateKeyToAccount(entry.treasury.privateKey as Hex) });

  const treasuryBalance = await publicClient.getBalance({ address: wallet.account.address });
  await publicClient.request({
    method: 'anvil_setBalance' as never,
    params: [wallet.account.address, `0x${(treasuryBalance + plan.native).toString(16)}`] as never,
  });

  const sendNative = () => wallet.sendTransaction({ to: address, value: plan.native, gas: 21_000n });
  const sendToken = (token: FaucetPlan['tokens'][number]) => () =>
    wallet.writeContract({
      address: token.address as `0x${string}`,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [address, token.amount],
      gas: 200_000n,
    });
  const payments: { send: () => Promise<Hex>; hash: Hex; token?: string }[] = [{ send: sendNative, hash: await sendPastNonceRaces(sendNative) }];
  for (const token of plan.tokens) payments.push({ send: sendToken(token), hash: await sendPastNonceRaces(sendToken(token)), token: token.address });
  const tokens: Record<string, Hex> = {};
  let native: Hex | undefined;
  for (const payment of payments) {
    const hash = await minedOrSentAgain(publicClient, payment.send, payment.hash);
    if (payment.token) tokens[payment.token] = hash;
    else native = hash;
  }
  return { native: native!, tokens };
}
