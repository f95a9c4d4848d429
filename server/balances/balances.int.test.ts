import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Keypair } from '@solana/web3.js';
import { createPublicClient, decodeFunctionData, http, multicall3Abi, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import { createCaller } from '@/server/api/root';
import { toAppError } from '@/server/api/to-app-error';
import { createContext } from '@/server/api/trpc';
import { createChainDirectory } from '@/server/chain-directory-setup';
import { createRpcTransport } from '@/server/chains/json-rpc';
import { NATIVE_TOKEN_ADDRESS, type ChainId } from '@/server/chains/registry';
import { loadConfig } from '@/server/config/env';
import { sendTestFunds } from '@/server/devnet/faucet';
import { createServices, type Services } from '@/server/services';
import { createBalanceReader } from './balance-reader';

const DEV_KEY = 'dev-key-for-the-balances-test-0000';
const NO_CODE = '0x1111111111111111111111111111111111111111';
/** The manifest account this file reads (indices 15 and 16 are this file's; others belong to other tests). */
const ACCOUNT = 15;

let services: Services;
let dataDir: string;
/** Fresh addresses, funded once by the faucet on BASE, ARB and SOL. */
let evmWallet: string;
let solWallet: string;
let funded: Partial<Record<ChainId, Awaited<ReturnType<typeof sendTestFunds>>>>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'balances-'));
  services = await createServices(loadConfig({ DATA_DIR: dataDir, DEV_API_KEY: DEV_KEY, DEVNET_MANIFEST: process.env.DEVNET_MANIFEST }));
  evmWallet = privateKeyToAccount(generatePrivateKey()).address;
  solWallet = Keypair.generate().publicKey.toBase58();
  const world = services.localWorld!;
  const [base, arb, sol] = await Promise.all([
    sendTestFunds(world, { chain: 'BASE', address: evmWallet }),
    sendTestFunds(world, { chain: 'ARB', address: evmWallet }),
    sendTestFunds(world, { chain: 'SOL', address: solWallet }),
  ]);
  funded = { BASE: base, ARB: arb, SOL: sol };
});
afterAll(async () => {
  await services?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const caller = () =>
  createCaller(
    createContext({
      services,
      channel: 'rest',
      requestId: 'test',
      headers: new Headers({ authorization: `Bearer ${DEV_KEY}` }),
    }),
  );

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (error === undefined) throw new Error('expected a failure');
  return toAppError(error);
}

function fundedToken(chain: ChainId, symbol: string) {
  const token = funded[chain]!.funded.find((entry) => entry.symbol === symbol);
  if (!token) throw new Error(`${symbol} was not funded on ${chain}`);
  return token;
}

describe('v1.balance and v1.tokenBalance on EVM chains', () => {
  it('reads the native balance the faucet set, to the wei', async () => {
    const answer = await caller().v1.balance({ wallet: evmWallet, network: 'BASE' });
    expect(answer).toEqual({ success: true, balance: fundedToken('BASE', 'ETH').amount, decimals: 18 });
    expect(await caller().v1.balance({ wallet: evmWallet.toLowerCase(), network: 'ETH' })).toEqual({ success: true, balance: '0', decimals: 18 });
  });

  it('reads every funded token with the decimals of its contract', async () => {
    const tokens = funded.BASE!.funded.filter((token) => token.address !== NATIVE_TOKEN_ADDRESS);
    expect(tokens.length).toBeGreaterThanOrEqual(4);
    for (const token of tokens) {
      const answer = await caller().v1.tokenBalance({ wallet: evmWallet, token: token.address, network: 'BASE' });
      expect(answer, token.symbol).toEqual({ success: true, balance: token.amount, decimals: token.decimals });
    }
    const usdc = fundedToken('BASE', 'USDC');
    expect(usdc.decimals).toBe(6);
    // ETH's stable is at ETH's address for it (the address book's), where this wallet holds none.
    const ethUsdc = testManifest().chains.ETH!.tokens.find((token) => token.symbol === 'USDC')!.address;
    expect(await caller().v1.tokenBalance({ wallet: evmWallet, token: ethUsdc, network: 'ETH' })).toEqual({ success: true, balance: '0', decimals: 6 });
  });

  it('answers both multi-chain forms, chain by chain in the order asked', async () => {
    const native = await caller().v1.balance({ wallet: evmWallet, token: NATIVE_TOKEN_ADDRESS, chains: ['ARB', 'ETH', 'BASE'] });
    expect(native).toEqual({
      success: true,
      balances: [
        { chain: 'ARB', balance: fundedToken('ARB', 'ETH').amount, decimals: 18 },
        { chain: 'ETH', balance: '0', decimals: 18 },
        { chain: 'BASE', balance: fundedToken('BASE', 'ETH').amount, decimals: 18 },
      ],
    });
    const alpha = fundedToken('BASE', 'ALPHA');
    const tokens = await caller().v1.balance({ wallet: evmWallet, token: alpha.address, chains: '["BASE","ARB","MONAD"]' as never });
    expect(tokens).toEqual({
      success: true,
      balances: [
        { chain: 'BASE', balance: alpha.amount, decimals: 18 },
        { chain: 'ARB', balance: fundedToken('ARB', 'ALPHA').amount, decimals: 18 },
        { chain: 'MONAD', balance: '0', decimals: 18 },
      ],
    });
  });

  it('reads a funded test account on every EVM chain of the world at once', async () => {
    const manifest = testManifest();
    const chains = (Object.keys(manifest.chains) as ChainId[]).filter((chain) => chain !== 'SOL');
    expect(chains).toHaveLength(14);
    const wallet = manifest.chains.ETH!.accounts[ACCOUNT]!.address;
    const { balances } = (await caller().v1.balance({ wallet, token: NATIVE_TOKEN_ADDRESS, chains })) as { balances: { chain: ChainId; balance: string }[] };
    for (const entry of balances) {
      const expected = await createPublicClient({ transport: http(manifest.chains[entry.chain]!.rpcUrl) }).getBalance({ address: wallet as Hex });
      expect(BigInt(entry.balance), entry.chain).toBe(expected);
      expect(expected).toBeGreaterThan(0n);
    }
  });

  it('answers NOT_FOUND for an address without a token contract', async () => {
    const noCode = await failureOf(caller().v1.tokenBalance({ wallet: evmWallet, token: NO_CODE, network: 'BASE' }));
    expect(noCode.code).toBe('NOT_FOUND');
    expect(noCode.message).toContain(`no token contract at ${NO_CODE} on BASE`);
    const factory = testManifest().chains.BASE!.contracts.uniswapV2Factory!;
    const notAToken = await failureOf(caller().v1.tokenBalance({ wallet: evmWallet, token: factory, network: 'BASE' }));
    expect(notAToken.code).toBe('NOT_FOUND');
    expect(notAToken.message).toContain('does not answer balanceOf and decimals');
    const multi = await failureOf(caller().v1.balance({ wallet: evmWallet, token: NO_CODE, chains: ['BASE', 'ARB'] }));
    expect(multi.code).toBe('NOT_FOUND');
    expect(multi.message).toContain('on BASE');
  });
});

describe('v1.balance and v1.tokenBalance on Solana', () => {
  it('reads lamports and every funded mint with its decimals', async () => {
    expect(await caller().v1.balance({ wallet: solWallet, network: 'SOL' })).toEqual({ success: true, balance: fundedToken('SOL', 'SOL').amount, decimals: 9 });
    const mints = funded.SOL!.funded.filter((token) => token.address !== NATIVE_TOKEN_ADDRESS);
    expect(new Set(mints.map((mint) => mint.decimals)).size).toBeGreaterThan(1);
    for (const mint of mints) {
      const answer = await caller().v1.tokenBalance({ wallet: solWallet, token: mint.address, network: 'SOL' });
      expect(answer, mint.symbol).toEqual({ success: true, balance: mint.amount, decimals: mint.decimals });
    }
    expect(await caller().v1.tokenBalance({ wallet: solWallet, token: NATIVE_TOKEN_ADDRESS, network: 'SOL' })).toEqual({
      success: true,
      balance: fundedToken('SOL', 'SOL').amount,
      decimals: 9,
    });
  });

  it('answers the multi-chain form, zero for a wallet without token accounts', async () => {
    const beta = fundedToken('SOL', 'BETA');
    expect(await caller().v1.balance({ wallet: solWallet, token: beta.address, chains: ['SOL'] })).toEqual({
      success: true,
      balances: [{ chain: 'SOL', balance: beta.amount, decimals: beta.decimals }],
    });
    const stranger = Keypair.generate().publicKey.toBase58();
    expect(await caller().v1.tokenBalance({ wallet: stranger, token: beta.address, network: 'SOL' })).toEqual({
      success: true,
      balance: '0',
      decimals: beta.decimals,
    });
    expect(await caller().v1.balance({ wallet: stranger, network: 'SOL' })).toEqual({ success: true, balance: '0', decimals: 9 });
  });

  it('answers NOT_FOUND for an address that is not a mint', async () => {
    const missing = await failureOf(caller().v1.tokenBalance({ wallet: solWallet, token: Keypair.generate().publicKey.toBase58(), network: 'SOL' }));
    expect(missing.code).toBe('NOT_FOUND');
    expect(missing.message).toContain('does not exist');
    const wallet = await failureOf(caller().v1.tokenBalance({ wallet: solWallet, token: solWallet, network: 'SOL' }));
    expect(wallet.code).toBe('NOT_FOUND');
    expect(wallet.message).toContain('not an SPL token mint');
  });
});

describe("tokens.balances (the token picker) and the faucet's transactions", () => {
  it('reads every token of a list in one call, on EVM and on Solana, unreadable tokens left unknown', async () => {
    for (const [chain, wallet] of [
      ['BASE', evmWallet],
      ['SOL', solWallet],
    ] as const) {
      const tokens = funded[chain]!.funded;
      const answer = await caller().tokens.balances({
        chain,
        wallet,
        tokens: [...tokens.map((token) => token.address), chain === 'SOL' ? solWallet : NO_CODE],
      });
      expect(answer.balances, chain).toEqual([
        ...tokens.map((token) => ({ token: token.address, balance: token.amount })),
        { token: chain === 'SOL' ? solWallet : NO_CODE, balance: null },
      ]);
    }
    const unheld = await caller().tokens.balances({ chain: 'ETH', wallet: evmWallet, tokens: [NATIVE_TOKEN_ADDRESS] });
    expect(unheld.balances).toEqual([{ token: NATIVE_TOKEN_ADDRESS, balance: '0' }]);
    const wrongFamily = await failureOf(caller().tokens.balances({ chain: 'SOL', wallet: evmWallet, tokens: [] }));
    expect(wrongFamily.code).toBe('INVALID_INPUT');
  });

  it('answers a confirmed transaction for each amount the faucet sent', async () => {
    const client = createPublicClient({ transport: http(services.localWorld!.manifest.chains.BASE!.rpcUrl) });
    for (const token of funded.BASE!.funded) {
      const receipt = await client.getTransactionReceipt({ hash: token.txHash as Hex });
      expect(receipt.status, token.symbol).toBe('success');
    }
    const native = await client.getTransaction({ hash: fundedToken('BASE', 'ETH').txHash as Hex });
    expect(native.to?.toLowerCase()).toBe(evmWallet.toLowerCase());
    expect(native.value.toString()).toBe(fundedToken('BASE', 'ETH').amount);
    const solana = funded.SOL!.funded.map((token) => token.txHash);
    expect(solana.every((signature) => /^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(signature))).toBe(true);
  });
});

describe('balance reader', () => {
  function countingReader(env: Record<string, string | undefined>) {
    const config = loadConfig({ DATA_DIR: dataDir, ...env });
    const calls: string[] = [];
    const bodies: unknown[] = [];
    const chains = createChainDirectory(config, config.localWorld ? testManifest() : undefined, (call) => calls.push(`${call.chain}:${call.method}`));
    const recording: typeof fetch = async (input, init) => {
      bodies.push(JSON.parse(init?.body as string));
      return fetch(input, init);
    };
    for (const chain of ['BASE', 'SOL'] as const) {
      chains[chain] = {
        ...chains[chain],
        rpc: createRpcTransport({
          chain,
          urls: chains[chain].rpc.urls,
          timeoutMs: 10_000,
          fetch: recording,
          onCall: (call) => calls.push(`${call.chain}:${call.method}`),
        }),
      };
    }
    return { reader: createBalanceReader(chains), calls, bodies, chains };
  }

  it('reads decimals once per token and then only the balance', async () => {
    const { reader, calls, bodies } = countingReader({ DEVNET_MANIFEST: process.env.DEVNET_MANIFEST });
    const usdc = fundedToken('BASE', 'USDC');
    const aggregated = () => {
      const body = bodies.at(-1) as { params: [{ data: Hex }] };
      return decodeFunctionData({ abi: multicall3Abi, data: body.params[0].data }).args[0] as readonly unknown[];
    };
    expect(await reader.read('BASE', evmWallet, usdc.address)).toEqual({ balance: BigInt(usdc.amount), decimals: 6 });
    expect(aggregated()).toHaveLength(2);
    expect(await reader.read('BASE', evmWallet, usdc.address.toLowerCase())).toEqual({ balance: BigInt(usdc.amount), decimals: 6 });
    expect(aggregated()).toHaveLength(1);
    expect(calls).toEqual(['BASE:eth_call', 'BASE:eth_call']);

    calls.length = 0;
    const alpha = fundedToken('SOL', 'ALPHA');
    await reader.read('SOL', solWallet, alpha.address);
    await reader.read('SOL', solWallet, alpha.address);
    expect(calls).toEqual(['SOL:getTokenAccountsByOwner', 'SOL:getAccountInfo', 'SOL:getTokenAccountsByOwner']);
    expect(bodies.slice(-2).map((body) => (body as unknown[]).length)).toEqual([2, 1]);
  });

  it('falls back to a JSON-RPC batch where Multicall3 is missing', async () => {
    const { reader, calls, chains } = countingReader({ DEVNET_MANIFEST: process.env.DEVNET_MANIFEST });
    chains.BASE.venues = { ...chains.BASE.venues!, multicall3: privateKeyToAccount(generatePrivateKey()).address };
    const beta = fundedToken('BASE', 'BETA');
    expect(await reader.read('BASE', evmWallet, beta.address)).toEqual({ balance: BigInt(beta.amount), decimals: 18 });
    expect(calls).toEqual(['BASE:eth_call', 'BASE:eth_call', 'BASE:eth_call']);
  });

  it('answers CHAIN_UNAVAILABLE for a chain without RPC', async () => {
    const { reader } = countingReader({ RPC_URL_ETH: testManifest().chains.ETH!.rpcUrl });
    expect(await reader.read('ETH', evmWallet)).toEqual({ balance: 0n, decimals: 18 });
    const error = await reader.read('ARB', evmWallet).then(
      () => undefined,
      (caught: unknown) => toAppError(caught),
    );
    expect(error?.code).toBe('CHAIN_UNAVAILABLE');
  });
});
