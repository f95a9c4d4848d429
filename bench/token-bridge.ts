/**
 * Deposit to fill of a token bridge whose fill is a destination swap: USDC on BASE to BETA on ARB (the
 * solver holds no BETA, so it buys it for the recipient through the Router). The trader's approval is
 * sent once before the timed runs; each run is execute from the signed deposit to SUCCESS.
 */
import { parseTransaction, type Hex, type TransactionSerializableEIP1559 } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { DevnetManifest } from '@/server/chains/devnet-manifest';
import { bridgeExecuteAnswer, bridgeQuoteAnswer } from '@/server/api/handlers/bridge';
import { sendTestFunds } from '@/server/devnet/faucet';
import type { Services } from '@/server/services';

const USDC_IN = '20000000';

const sign = (account: PrivateKeyAccount, unsigned: string) => account.signTransaction(parseTransaction(unsigned as Hex) as TransactionSerializableEIP1559);

export async function tokenBridgeFills(live: Services, manifest: DevnetManifest, bridges: number): Promise<number[]> {
  const trader = privateKeyToAccount(generatePrivateKey());
  await sendTestFunds(live.localWorld!, { chain: 'BASE', address: trader.address });
  const tokenOf = (chain: 'BASE' | 'ARB', symbol: string) => manifest.chains[chain]!.tokens.find((token) => token.symbol === symbol)!.address;
  const quote = () => bridgeQuoteAnswer(live.bridge, 'bench', {
    source: 'BASE', destination: 'ARB', amount: USDC_IN, trader: trader.address, tokenIn: tokenOf('BASE', 'USDC'), tokenOut: tokenOf('ARB', 'BETA'),
  });
  const fills: number[] = [];
  for (let i = 0; i <= bridges; i++) {
    const quoted = await quote();
    if (quoted.stats.route?.at(-1)?.kind !== 'swap') throw new Error('the token bridge is not filled through a destination swap');
    const approve = quoted.transaction.approve ? await sign(trader, quoted.transaction.approve) : undefined;
    const signed = await sign(trader, quoted.transaction.trade);
    const start = performance.now();
    const result = await bridgeExecuteAnswer(live.bridge, { trade: signed, sourceChain: 'BASE', requestId: quoted.transaction.requestId, approve });
    if (result.status !== 'SUCCESS') throw new Error(`token bridge ${quoted.transaction.requestId} ended ${result.status}: ${result.error}`);
    // The first run also sends the approval: not a deposit-to-fill figure.
    if (i > 0) fills.push(performance.now() - start);
  }
  return fills;
}
