/**
 * Token audits over REST on the local world (BASE): the tax token, the honeypot and the plain tokens, the
 * world's Solana USDC mint, providers offline; and the providers' reports beside our checks when one answers.
 */
import { describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import { useRestClient } from '@/server/rest/test-support/use-rest-client';
import { probeTaxes } from '@/server/tokens/tax-probe';
import { auditToken, type TokenAudit } from './audit-token';
import { serveFixtures } from './providers/fixtures/serve-fixtures';
import { createGoPlusAdapter } from './providers/goplus';
import { NOT_CONSULTED } from './providers/provider-adapter';
import { createRugCheckAdapter } from './providers/rugcheck';

const client = useRestClient();
const token = (chain: 'BASE' | 'SOL', symbol: string) => testManifest().chains[chain]!.tokens.find((entry) => entry.symbol === symbol)!.address;

async function audit(chain: 'BASE' | 'SOL', address: string): Promise<TokenAudit> {
  const answer = await client.get<{ success: boolean; audit: TokenAudit }>('v1.tokenAudit', { chain, token: address });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.audit;
}

const statusOf = (result: TokenAudit) => Object.fromEntries(result.checks.map((check) => [check.id, check.status]));
const detailOf = (result: TokenAudit, id: string) => result.checks.find((check) => check.id === id)!.detail;

describe('token audit', () => {
  it('TAX: buy and sell taxes of about 3 % and 5 % warn; the owner is named; verdict caution', async () => {
    const result = await audit('BASE', token('BASE', 'TAX'));
    expect(result.verdict).toBe('caution');
    expect(statusOf(result)).toMatchObject({ honeypot: 'pass', 'buy-tax': 'warn', 'sell-tax': 'warn', 'privileged-functions': 'warn', liquidity: 'pass' });
    expect(Number(/([\d.]+)\s%/.exec(detailOf(result, 'buy-tax'))![1])).toBeCloseTo(3, 1);
    expect(Number(/([\d.]+)\s%/.exec(detailOf(result, 'sell-tax'))![1])).toBeCloseTo(5, 1);
    expect(detailOf(result, 'privileged-functions')).toMatch(
      /^ownership \(owner 0x[0-9a-fA-F]{40}\): (owner\(\), transferOwnership\(address\)|transferOwnership\(address\), owner\(\))$/,
    );
    expect(result.score).toBeLessThan(100);
  });

  it('HONEY: honeypot, score 0', async () => {
    const result = await audit('BASE', token('BASE', 'HONEY'));
    expect(result.verdict).toBe('honeypot');
    expect(result.score).toBe(0);
    expect(statusOf(result)).toMatchObject({ honeypot: 'fail', 'sell-tax': 'fail' });
  });

  it.each(['ALPHA', 'BETA', 'USDC'])('%s: no privileged functions, no tax, deep liquidity: clean (the unburnt LP is advisory)', async (symbol) => {
    const result = await audit('BASE', token('BASE', symbol));
    expect(statusOf(result)).toEqual({
      honeypot: 'pass',
      'buy-tax': 'pass',
      'sell-tax': 'pass',
      'privileged-functions': 'pass',
      liquidity: 'pass',
      // The world's deployer keeps every LP token it minted (none sent to a burn address).
      'liquidity-burnt': 'warn',
    });
    expect(detailOf(result, 'liquidity')).toMatch(/^\$\d+/);
    expect(result.verdict).toBe('clean');
    expect(result.score).toBe(100);
  });

  it('reports the providers unavailable offline, never inventing a verdict', async () => {
    const evm = await audit('BASE', token('BASE', 'ALPHA'));
    expect(evm.providers).toEqual([{ name: 'GoPlus', status: 'unavailable', detail: NOT_CONSULTED }]);
    const solana = await audit('SOL', token('SOL', 'USDC'));
    expect(solana.providers).toEqual([{ name: 'RugCheck', status: 'unavailable', detail: NOT_CONSULTED }]);
  });

  it('Solana USDC: the world keeps a mint authority (warn), no freeze authority, no Token-2022 extensions', async () => {
    const result = await audit('SOL', token('SOL', 'USDC'));
    expect(statusOf(result)).toEqual({
      'mint-authority': 'warn',
      'freeze-authority': 'pass',
      'transfer-fee': 'pass',
      'transfer-hook': 'pass',
      'permanent-delegate': 'pass',
    });
    expect(result.verdict).toBe('caution');
  });

  it('answers 404 for an address without a token contract', async () => {
    const answer = await client.get('v1.tokenAudit', { chain: 'BASE', token: '0x1111111111111111111111111111111111111111' });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('without chain, names the candidate chains when the token is everywhere alike (the local world)', async () => {
    // BETA: the same pools on every chain (ALPHA also has PancakeSwap pools on BSC, which makes BSC its chain).
    const answer = await client.get('v1.tokenAudit', { token: token('BASE', 'BETA') });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: 'INVALID_INPUT', field: 'chain' });
  });

  it('puts a provider that answers beside our checks, without changing the verdict', async () => {
    const tax = token('BASE', 'TAX');
    const server = await serveFixtures({
      [`/api/v1/token_security/8453?contract_addresses=${tax.toLowerCase()}`]: {
        status: 200,
        body: JSON.stringify({
          code: 1,
          message: 'OK',
          result: { [tax.toLowerCase()]: { is_honeypot: '0', buy_tax: '0.03', sell_tax: '0.05', is_mintable: '0' } },
        }),
      },
    });
    try {
      const services = await client.services();
      const result = await auditToken(
        {
          chains: services.chains,
          families: services.families,
          probeTaxes,
          providers: [createGoPlusAdapter({ baseUrl: server.baseUrl }), createRugCheckAdapter({ baseUrl: server.baseUrl })],
        },
        'BASE',
        tax,
      );
      expect(result.providers).toEqual([{ name: 'GoPlus', status: 'ok', verdict: 'caution', detail: 'buy tax 3\u00a0%, sell tax 5\u00a0%' }]);
      expect(result.verdict).toBe('caution');
    } finally {
      server.close();
    }
  });
});
