import { createPublicClient, erc20Abi, http } from 'viem';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { describe } from '../support/api';
import { expect, test } from '../support/fixtures';
import { withNodeUrls } from '../support/fresh-wallet';

const CHAIN_COUNT = 15;
const NATIVE = '0x0000000000000000000000000000000000000000';

interface WorldChain {
  chainId: number;
  rpcUrl: string;
  wsUrl?: string;
  wrappedNative: string;
  tokens: { symbol: string; address: string; decimals: number; kind: string }[];
  accounts: { address: string; privateKey?: string; secretKey?: string }[];
}

test.describe('the local chain world through the app', () => {
  test('every chain is available in /api/health', async ({ api }) => {
    const response = await api.get<{ status: string; chains: Record<string, { available: boolean; blockNumber: number | null }> }>('/api/health', undefined, {
      key: null,
    });
    expect(response.status, describe(response)).toBe(200);
    const chains = Object.entries(response.json.chains);
    expect(chains).toHaveLength(CHAIN_COUNT);
    for (const [id, chain] of chains) {
      expect(chain.available, `${id}: ${JSON.stringify(chain)}`).toBe(true);
      expect(chain.blockNumber, id).not.toBeNull();
    }
    expect(response.json.status).toBe('ok');
  });

  test('/api/dev/devnet describes all 15 chains and needs a key', async ({ api }) => {
    const unauthorized = await api.get('/api/dev/devnet', undefined, { key: null });
    expect(unauthorized.status, describe(unauthorized)).toBe(401);

    const response = await api.get<{ success: boolean; chains: Record<string, WorldChain> }>('/api/dev/devnet');
    expect(response.status, describe(response)).toBe(200);
    const { chains } = response.json;
    expect(Object.keys(chains).sort()).toHaveLength(CHAIN_COUNT);
    for (const [id, chain] of Object.entries(chains)) {
      const kinds = chain.tokens.map((token) => token.kind);
      expect(kinds, id).toContain('stable');
      expect(kinds.filter((kind) => kind === 'plain').length, id).toBeGreaterThanOrEqual(2);
      expect(chain.accounts.length, id).toBeGreaterThanOrEqual(10);
      // A node's address and nothing more: an RPC URL's user, password, path (a key) and query stay with the server.
      expect(chain.rpcUrl, id).toMatch(/^http:\/\/[^/@?#]+$/);
      if (chain.wsUrl !== undefined) expect(chain.wsUrl, id).toMatch(/^ws:\/\/[^/@?#]+$/);
      if (id === 'SOL') {
        expect(chain.accounts[0]!.secretKey, id).toBeTruthy();
      } else {
        expect(kinds, id).toEqual(expect.arrayContaining(['tax', 'honeypot', 'native-wrapped']));
        expect(privateKeyToAccount(chain.accounts[0]!.privateKey as `0x${string}`).address, id).toBe(chain.accounts[0]!.address);
      }
    }
  });

  test('/api/dev/devnet keeps the test account keys to callers on this machine', async ({ api }) => {
    // A request relayed by a proxy (it names the client in X-Forwarded-For) may come from anywhere.
    const relayed = { headers: { 'x-forwarded-for': '203.0.113.7' } };
    const viaRest = await api.get<{ chains: Record<string, WorldChain> }>('/api/dev/devnet', undefined, relayed);
    const viaTrpc = await api.get<{ result: { data: { chains: Record<string, WorldChain> } } }>('/api/trpc/dev.devnet', undefined, relayed);
    for (const response of [viaRest, viaTrpc]) expect(response.status, describe(response)).toBe(200);
    for (const chains of [viaRest.json.chains, viaTrpc.json.result.data.chains]) {
      expect(Object.keys(chains)).toHaveLength(CHAIN_COUNT);
      for (const [id, chain] of Object.entries(chains)) {
        expect(chain.accounts.length, id).toBeGreaterThanOrEqual(10);
        for (const account of chain.accounts) expect(Object.keys(account), id).toEqual(['address']);
        expect(JSON.stringify(chain), id).not.toMatch(/privateKey|secretKey/);
      }
    }
    // The same key from this machine directly gets them (the test above checks they are right).
    const direct = await api.get<{ chains: Record<string, WorldChain> }>('/api/dev/devnet');
    expect(direct.json.chains.BASE!.accounts[0]!.privateKey).toBeTruthy();
    const directTrpc = await api.get<{ result: { data: { chains: Record<string, WorldChain> } } }>('/api/trpc/dev.devnet');
    expect(directTrpc.json.result.data.chains.SOL!.accounts[0]!.secretKey).toBeTruthy();
  });

  test('the faucet funds a fresh EVM address with native and every token', async ({ api }) => {
    const world = withNodeUrls((await api.get<{ chains: Record<string, WorldChain> }>('/api/dev/devnet')).json.chains);
    const chain = world.ARB!;
    const address = privateKeyToAccount(generatePrivateKey()).address;
    const response = await api.send<{ funded: { symbol: string; address: string; amount: string }[] }>('/api/dev/faucet', {
      method: 'POST',
      body: { chain: 'ARB', address },
    });
    expect(response.status, describe(response)).toBe(200);
    const client = createPublicClient({ transport: http(chain.rpcUrl) });
    for (const token of response.json.funded) {
      const balance =
        token.address === NATIVE
          ? await client.getBalance({ address })
          : await client.readContract({ address: token.address as `0x${string}`, abi: erc20Abi, functionName: 'balanceOf', args: [address] });
      expect(balance, token.symbol).toBe(BigInt(token.amount));
    }
  });

  test('the faucet funds a fresh Solana address', async ({ api }) => {
    const { Keypair } = await import('@solana/web3.js');
    const address = Keypair.generate().publicKey.toBase58();
    const response = await api.send<{ funded: { symbol: string; amount: string }[] }>('/api/dev/faucet', {
      method: 'POST',
      body: { chain: 'SOL', address },
    });
    expect(response.status, describe(response)).toBe(200);
    expect(response.json.funded.map((token) => token.symbol)).toContain('SOL');
    const world = withNodeUrls((await api.get<{ chains: Record<string, WorldChain> }>('/api/dev/devnet')).json.chains);
    const rpc = async (method: string, params: unknown[]) =>
      (await (
        await fetch(world.SOL!.rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        })
      ).json()) as { result: { value: unknown } };
    const lamports = (await rpc('getBalance', [address])).result.value;
    expect(lamports).toBe(Number(response.json.funded.find((token) => token.symbol === 'SOL')!.amount));
    const accounts = (await rpc('getTokenAccountsByOwner', [address, { programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' }, { encoding: 'jsonParsed' }]))
      .result.value as unknown[];
    expect(accounts.length).toBe(response.json.funded.length - 1);
  });

  test('the faucet refuses an address of the wrong family, naming the field', async ({ api }) => {
    const response = await api.send('/api/dev/faucet', { method: 'POST', body: { chain: 'SOL', address: '0x1111111111111111111111111111111111111111' } });
    expect(response.status, describe(response)).toBe(400);
    expect(response.json).toMatchObject({ code: 'INVALID_INPUT', field: 'address' });
  });
});
