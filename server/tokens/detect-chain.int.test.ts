/**
 * One chain auto-detection rule for every endpoint that detects the chain (token-info, token-audit, v1 and v2
 * value, v1 quote): the same address gives the same chain, or the same refusal, on each of them. Two tokens are
 * deployed by the test at one address on BSC and MEGAETH (the same deployer and nonce on both): TIED with
 * markets of the same depth on both, MEGA with its main market on MEGAETH, which v1 quote does not serve. An
 * outside client saw token-audit refuse a token as having no clear main market while v1 quote answered BSC:
 * v1 quote searched only its own chains.
 */
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  http,
  parseAbi,
  parseEther,
  parseTransaction,
  type Address,
  type Hex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileContracts } from '@/devnet/evm/compile';
import { NATIVE_USD } from '@/devnet/evm/world-spec';
import { testManifest } from '@/devnet/test-world';
import { CHAINS, type ChainId, type EvmChainId } from '@/server/chains/registry';
import { useRestClient } from '@/server/rest/test-support/use-rest-client';
import { receiptOf } from '@/devnet/evm/receipt';

const client = useRestClient();
const NATIVE = '0x0000000000000000000000000000000000000000';
const SUPPLY = 10n ** 27n;
const routerAbi = parseAbi(['function addLiquidityETH(address,uint256,uint256,uint256,address,uint256) payable returns (uint256,uint256,uint256)']);

/** USD of native each token's pair holds on each chain (the pair holds as much again in the token). */
const MARKETS = {
  TIED: { BSC: 40_000, MEGAETH: 40_000 },
  MEGA: { BSC: 10_000, MEGAETH: 60_000 },
} as const satisfies Record<string, Partial<Record<EvmChainId, number>>>;

const tokens: Record<keyof typeof MARKETS, Address> = { TIED: NATIVE, MEGA: NATIVE };

function chainClients(chain: EvmChainId, account: PrivateKeyAccount) {
  const entry = testManifest().chains[chain]!;
  const viemChain = {
    id: entry.chainId,
    name: chain,
    nativeCurrency: { name: 'n', symbol: 'N', decimals: 18 },
    rpcUrls: { default: { http: [entry.rpcUrl] } },
  };
  return {
    entry,
    read: createPublicClient({ transport: http(entry.rpcUrl) }),
    write: createWalletClient({ account, transport: http(entry.rpcUrl), chain: viemChain }),
  };
}

beforeAll(async () => {
  // One fresh deployer on both chains: its nonce-0 and nonce-1 contracts share their addresses.
  const deployer = privateKeyToAccount(generatePrivateKey());
  const compiled = await compileContracts();
  for (const chain of ['BSC', 'MEGAETH'] as const) {
    const { entry, read, write } = chainClients(chain, deployer);
    // The native coin's price where the file runs (other files' trades move it from the world's): detection
    // values the pairs with it, and TIED's two markets must stay within its 5 % tie.
    const usdc = entry.tokens.find((token) => token.symbol === 'USDC')!.address;
    const priced = await client.get<{ outputAmount: number }>('v2.value', { tokenIn: NATIVE, tokenOut: usdc, amount: '1', chain });
    const nativeUsd = priced.body.outputAmount;
    expect(Math.abs(nativeUsd / NATIVE_USD[chain] - 1)).toBeLessThan(0.5);
    await read.request({ method: 'anvil_setBalance', params: [deployer.address, `0x${parseEther('1000000').toString(16)}`] } as never);
    const send = async (request: Parameters<typeof write.sendTransaction>[0]) => {
      const receipt = await receiptOf(read, await write.sendTransaction({ gas: 6_000_000n, ...request }));
      expect(receipt.status).toBe('success');
      return receipt;
    };
    for (const name of Object.keys(MARKETS) as (keyof typeof MARKETS)[]) {
      const deployed = await receiptOf(
        read,
        await write.deployContract({
          abi: compiled.TestToken.abi,
          bytecode: compiled.TestToken.bytecode,
          args: [name, name, 18, SUPPLY, deployer.address],
        }),
      );
      tokens[name] = deployed.contractAddress!;
      const router = entry.contracts.uniswapV2Router02 as Address;
      const native = parseEther((MARKETS[name][chain] / nativeUsd).toFixed(12));
      await send({ to: tokens[name], data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [router, SUPPLY] }) });
      await send({
        to: router,
        value: native,
        data: encodeFunctionData({
          abi: routerAbi,
          functionName: 'addLiquidityETH',
          args: [tokens[name], SUPPLY / 1000n, 0n, 0n, deployer.address, 2n ** 40n],
        }),
      });
    }
  }
}, 120_000);

type Outcome = { chain: ChainId } | { refused: string; code: string };

/** What an answer says of the chain: the chain it answered on, or its refusal (the field named before it left out). */
function outcomeOf(status: number, body: Record<string, unknown>, chain: () => ChainId): Outcome {
  if (status === 200) return { chain: chain() };
  return { refused: String(body.error).replace(/^\w+: /, ''), code: String(body.code) };
}

const chainOfId = (id: number): ChainId => (Object.keys(CHAINS) as ChainId[]).find((name) => CHAINS[name].chainId === id)!;

/**
 * Each detecting endpoint's outcome for `token`, the trader a wallet of the token's family. The value endpoints
 * do not name their chain: an answer counts as the chain token-info found, and `valuesMatch` checks that it is
 * the answer the same request gives on that chain.
 */
async function outcomes(token: string, trader: string): Promise<Record<string, Outcome>> {
  const info = await client.get<{ tokenInfo: { chain: ChainId } }>('v1.tokenInfo', { token, audit: false });
  const audit = await client.get<{ audit: { chain: ChainId } }>('v1.tokenAudit', { token });
  const v1Value = await client.get('v1.value', { token, side: 'BUY', amount: '0.001', trader });
  const v2Value = await client.get('v2.value', { tokenIn: NATIVE, tokenOut: token, amount: '0.001' });
  const quote = await client.get<{ transaction: { trade: string } }>('v1.quote', { token, side: 'BUY', amount: '0.001', slippage: 500, trader });
  const infoChain = () => info.body.tokenInfo?.chain;
  return {
    tokenInfo: outcomeOf(info.status, info.body, infoChain),
    tokenAudit: outcomeOf(audit.status, audit.body, () => audit.body.audit.chain),
    v1Value: outcomeOf(v1Value.status, v1Value.body, infoChain),
    v2Value: outcomeOf(v2Value.status, v2Value.body, infoChain),
    // The quoted transaction names its chain: an EVM chain id, or base64 (Solana).
    v1Quote: outcomeOf(quote.status, quote.body, () => {
      const trade = quote.body.transaction.trade;
      return trade.startsWith('0x') ? chainOfId(parseTransaction(trade as Hex).chainId!) : 'SOL';
    }),
  };
}

/** The value endpoints' answer with the chain left out equals their answer on `chain`. */
async function valuesMatch(token: string, trader: string, chain: ChainId) {
  const v1 = { token, side: 'BUY', amount: '0.001', trader };
  const v2 = { tokenIn: NATIVE, tokenOut: token, amount: '0.001' };
  expect((await client.get('v1.value', v1)).body).toEqual((await client.get('v1.value', { ...v1, chain })).body);
  expect((await client.get('v2.value', v2)).body).toEqual((await client.get('v2.value', { ...v2, chain })).body);
}

describe('chain auto-detection', () => {
  const evmTrader = () => privateKeyToAccount(generatePrivateKey()).address;

  it('a token with equal markets on BSC and MEGAETH: the same refusal everywhere, v1 quote included', async () => {
    const seen = await outcomes(tokens.TIED, evmTrader());
    const [first] = Object.values(seen);
    expect(first).toMatchObject({ code: 'INVALID_INPUT', refused: expect.stringMatching(/no clear main market/) });
    expect((first as { refused: string }).refused).toMatch(/BSC/);
    expect((first as { refused: string }).refused).toMatch(/MEGAETH/);
    for (const [endpoint, outcome] of Object.entries(seen)) expect(outcome, endpoint).toEqual(first);
  });

  it('a token whose main market is on MEGAETH: MEGAETH everywhere; v1 quote, which does not serve it, refuses naming it', async () => {
    const trader = evmTrader();
    const { v1Quote, ...detected } = await outcomes(tokens.MEGA, trader);
    for (const [endpoint, outcome] of Object.entries(detected)) expect(outcome, endpoint).toEqual({ chain: 'MEGAETH' });
    expect(v1Quote).toMatchObject({
      code: 'INVALID_INPUT',
      refused: expect.stringMatching(/is found on MEGAETH \(its main market\), which this endpoint does not serve/),
    });
    await valuesMatch(tokens.MEGA, trader, 'MEGAETH');
    // Named, the other chain is quoted.
    const quoted = await client.get<{ transaction: { trade: string } }>('v1.quote', {
      token: tokens.MEGA,
      side: 'BUY',
      amount: '0.001',
      slippage: 500,
      trader,
      chain: 'BSC',
    });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
  });

  it('world tokens and an address with no contract: one chain, or one refusal, on every endpoint', async () => {
    const base = testManifest().chains.BASE!;
    const trader = evmTrader();
    const addresses = [
      ...base.tokens.filter((token) => ['ALPHA', 'BETA', 'USDC'].includes(token.symbol)).map((token) => token.address),
      `0x${'ab'.repeat(20)}`,
    ];
    for (const address of addresses) {
      const seen = await outcomes(address, trader);
      const [first] = Object.values(seen);
      for (const [endpoint, outcome] of Object.entries(seen)) expect(outcome, `${address} on ${endpoint}`).toEqual(first);
      if ('chain' in first!) await valuesMatch(address, trader, first.chain);
    }
  });

  it('a Solana mint is SOL on every endpoint', async () => {
    const sol = testManifest().chains.SOL!;
    const mint = sol.tokens.find((token) => token.symbol !== 'SOL')!.address;
    const seen = await outcomes(mint, sol.accounts[0]!.address);
    for (const [endpoint, outcome] of Object.entries(seen)) expect(outcome, endpoint).toEqual({ chain: 'SOL' });
  });
});
