/**
 * One bridge at a time, timed from the signed deposit to SUCCESS (the quote and the signing are not timed),
 * and the two raw confirmations a bridge is held against: a transfer and its receipt on BASE, then on ARB.
 */
import { parseTransaction, type Hex, type TransactionSerializableEIP1559 } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { bridgeExecuteAnswer, bridgeQuoteAnswer } from '@/server/api/handlers/bridge';
import type { DevnetManifest } from '@/server/chains/devnet-manifest';
import { sendTestFunds } from '@/server/devnet/faucet';
import type { Services } from '@/server/services';
import { rpc } from './raw-chain';

/** One bridge: when its execute started (performance.now()), how long it took to SUCCESS, and the CPU this process used meanwhile (ms, all threads). */
export interface TimedBridge {
  start: number;
  ms: number;
  cpuMs: number;
}

const sign = (account: PrivateKeyAccount, unsigned: string) => account.signTransaction(parseTransaction(unsigned as Hex) as TransactionSerializableEIP1559);

/** eth_sendRawTransaction, then the receipt polled at once and every 1 ms: the chain's own confirmation time. */
export async function sendRawAndWait(url: string, raw: Hex): Promise<number> {
  const start = performance.now();
  const hash = await rpc<Hex>(url, 'eth_sendRawTransaction', [raw]);
  for (;;) {
    const receipt = await rpc<{ status: string } | null>(url, 'eth_getTransactionReceipt', [hash]);
    if (receipt) {
      if (receipt.status !== '0x1') throw new Error(`raw transaction ${hash} reverted`);
      return performance.now() - start;
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** A signed native transfer to self: the cheapest transaction a chain confirms. */
export async function signedTransfer(url: string, chainId: number, account: PrivateKeyAccount): Promise<Hex> {
  const [nonce, gasPrice] = await Promise.all([rpc<Hex>(url, 'eth_getTransactionCount', [account.address, 'pending']), rpc<Hex>(url, 'eth_gasPrice')]);
  return account.signTransaction({
    type: 'eip1559',
    chainId,
    nonce: Number(BigInt(nonce)),
    to: account.address,
    value: 1n,
    gas: 21_000n,
    maxFeePerGas: BigInt(gasPrice) * 2n,
    maxPriorityFeePerGas: 1n,
  });
}

/** The two confirmations a bridge needs (deposit, fill) and nothing else: a raw transfer on BASE, then on ARB. */
export function rawTransfers(manifest: DevnetManifest, account = privateKeyToAccount(manifest.chains.BASE!.accounts[3]!.privateKey as Hex)) {
  const base = manifest.chains.BASE!;
  const arb = manifest.chains.ARB!;
  return async () => ({
    base: await sendRawAndWait(base.rpcUrl, await signedTransfer(base.rpcUrl, base.chainId, account)),
    arb: await sendRawAndWait(arb.rpcUrl, await signedTransfer(arb.rpcUrl, arb.chainId, account)),
  });
}

type QuoteInput = Parameters<typeof bridgeQuoteAnswer>[2];
type QuoteAnswer = Awaited<ReturnType<typeof bridgeQuoteAnswer>>;

/**
 * A bridge the benchmark repeats: its quote alone, and one bridge from quote to SUCCESS with execute timed;
 * `around` is told when execute starts and ends (to count its RPC apart from the quote's).
 */
export interface BridgeRun {
  quote: () => Promise<QuoteAnswer>;
  run: (around?: { before(): void; after(): void }) => Promise<TimedBridge>;
}

/** Quotes `input`, signs the deposit (and its approval) with `trader`, and times execute to SUCCESS. */
function bridgeRun(live: Services, trader: PrivateKeyAccount, input: QuoteInput, check?: (quoted: QuoteAnswer) => void): BridgeRun {
  const quote = () => bridgeQuoteAnswer(live.bridge, 'bench', input);
  return {
    quote,
    async run(around) {
      const quoted = await quote();
      check?.(quoted);
      const approve = quoted.transaction.approve ? await sign(trader, quoted.transaction.approve) : undefined;
      const signed = await sign(trader, quoted.transaction.trade);
      around?.before();
      const cpu = process.cpuUsage();
      const start = performance.now();
      const result = await bridgeExecuteAnswer(live.bridge, { trade: signed, sourceChain: 'BASE', requestId: quoted.transaction.requestId, approve });
      const ms = performance.now() - start;
      const { user, system } = process.cpuUsage(cpu);
      around?.after();
      if (result.status !== 'SUCCESS') throw new Error(`bridge ${quoted.transaction.requestId} ended ${result.status}: ${result.error}`);
      return { start, ms, cpuMs: (user + system) / 1000 };
    },
  };
}

const USDC_IN = '20000000';

/**
 * USDC on BASE to BETA on ARB: the deposit is the main stable, a bridge asset, and the solver holds no BETA, so
 * the fill is a swap of its ARB ether through the Router, paid to the recipient. A fresh trader's first bridge
 * also sends its approval of the depository: it runs here, untimed.
 */
export async function tokenBridge(live: Services, manifest: DevnetManifest): Promise<BridgeRun> {
  const trader = privateKeyToAccount(generatePrivateKey());
  await sendTestFunds(live.localWorld!, { chain: 'BASE', address: trader.address });
  const tokenOf = (chain: 'BASE' | 'ARB', symbol: string) => manifest.chains[chain]!.tokens.find((token) => token.symbol === symbol)!.address;
  const bridge = bridgeRun(
    live,
    trader,
    {
      source: 'BASE',
      destination: 'ARB',
      amount: USDC_IN,
      trader: trader.address,
      tokenIn: tokenOf('BASE', 'USDC'),
      tokenOut: tokenOf('ARB', 'BETA'),
    },
    (quoted) => {
      const route = quoted.stats.route ?? [];
      if (route.at(-1)?.kind !== 'swap') throw new Error('the token bridge is not filled through a destination swap');
      if (route[0]?.kind !== 'bridge') throw new Error('the token bridge deposits through a source swap: USDC is no longer a bridge asset on BASE');
    },
  );
  await bridge.run();
  return bridge;
}

/** 0.1 ETH from BASE to ARB, paid from the solver's inventory by a transfer; one untimed bridge first (connections, caches). */
export async function nativeBridge(live: Services, manifest: DevnetManifest, account = 2): Promise<BridgeRun> {
  const trader = privateKeyToAccount(manifest.chains.BASE!.accounts[account]!.privateKey as Hex);
  const bridge = bridgeRun(live, trader, { source: 'BASE', destination: 'ARB', amount: String(10n ** 17n), trader: trader.address });
  await bridge.run();
  return bridge;
}
