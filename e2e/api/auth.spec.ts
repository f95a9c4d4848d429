import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, type ApiResponse, type Failure } from '../support/api';
import { dataDir } from '../support/env';
import { expect, test } from '../support/fixtures';
import { createKey, runKeysCli } from '../support/keys-cli';
import { SAMPLES, type SampleRequest } from '../support/samples';

/** Every API path that needs a key: the interface endpoints, metrics, the document, and unknown paths. */
const PROTECTED: readonly SampleRequest[] = [
  ...SAMPLES,
  { procedure: 'metrics', method: 'GET', path: '/api/metrics', okStatuses: [200] },
  { procedure: 'openapi', method: 'GET', path: '/api/openapi.json', okStatuses: [200] },
  { procedure: 'unknown', method: 'GET', path: '/api/v9/nope', okStatuses: [404] },
  { procedure: 'unknown', method: 'POST', path: '/api/v1/nope', body: {}, okStatuses: [404] },
];

function expectUnauthorized(response: ApiResponse) {
  expect(response.status, describe(response)).toBe(401);
  expect(response.isJson, describe(response)).toBe(true);
  expect(response.json).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  expect(typeof (response.json as Failure).error).toBe('string');
}

/** tRPC answers in its own error shape; the status and the app code match REST. */
function expectTrpcUnauthorized(response: ApiResponse) {
  expect(response.status, describe(response)).toBe(401);
  expect(response.isJson, describe(response)).toBe(true);
  expect(response.json).toMatchObject({ error: { data: { appCode: 'UNAUTHORIZED', httpStatus: 401 } } });
}

function filesUnder(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(full));
    else if (entry.isFile()) found.push(full);
  }
  return found;
}

test.describe('authentication', () => {
  test('/api/health answers 200 without a key', async ({ api }) => {
    const response = await api.get('/api/health', undefined, { key: null });
    expect(response.status, describe(response)).toBe(200);
    expect(response.json).toMatchObject({ success: true });
  });

  for (const request of PROTECTED) {
    test(`${request.method} ${request.path} needs a key`, async ({ api }) => {
      const common = { method: request.method, query: request.query, body: request.body };
      expectUnauthorized(await api.send(request.path, { ...common, key: null }));
      expectUnauthorized(await api.send(request.path, { ...common, authorization: 'Basic x' }));
      expectUnauthorized(await api.send(request.path, { ...common, authorization: 'Bearer' }));
      expectUnauthorized(await api.send(request.path, { ...common, key: 'sk_not_a_key_this_server_issued_000000' }));
      // The same request with the dev key is accepted, so the 401s above came from the missing key alone.
      const accepted = await api.send(request.path, common);
      expect(request.okStatuses, describe(accepted)).toContain(accepted.status);
    });
  }

  test('tRPC needs a key or the session cookie', async ({ api, baseURL }) => {
    expectTrpcUnauthorized(await api.get('/api/trpc/v1.chains', undefined, { key: null }));
    expectTrpcUnauthorized(await api.get('/api/trpc/v1.chains', undefined, { authorization: 'Basic x' }));
    expectTrpcUnauthorized(await api.get('/api/trpc/v1.chains', undefined, { key: null, headers: { cookie: 'sb_session=forged.1999999999.AAAA' } }));

    const withKey = await api.get('/api/trpc/v1.chains');
    expect(withKey.status, describe(withKey)).toBe(200);

    // A page visit hands out the session cookie; it opens tRPC but not the REST interface.
    const page = await fetch(`${baseURL}/`, { redirect: 'manual' });
    await page.arrayBuffer();
    const cookie = page.headers.getSetCookie().find((line) => line.startsWith('sb_session='));
    expect(cookie, 'GET / sets sb_session').toBeTruthy();
    const pair = cookie!.split(';')[0]!;
    const viaCookie = await api.get('/api/trpc/v1.chains', undefined, { key: null, headers: { cookie: pair } });
    expect(viaCookie.status, describe(viaCookie)).toBe(200);
    const restWithCookie = await api.get('/api/v1/chains', undefined, { key: null, headers: { cookie: pair } });
    expectUnauthorized(restWithCookie);
  });

  test('an unknown API path answers 404 JSON', async ({ api }) => {
    const response = await api.get('/api/v9/nope');
    expect(response.status, describe(response)).toBe(404);
    expect(response.isJson, describe(response)).toBe(true);
    expect(response.json).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  test('a key made with the CLI works, is listed without its secret, and stops working once revoked', async ({ api }) => {
    expect(dataDir(), 'E2E_DATA_DIR names the server data folder (set it with an external BASE_URL)').toBeTruthy();
    const name = `e2e-auth-${Date.now()}`;
    const { key } = await createKey(name);
    expect(key.length).toBeGreaterThanOrEqual(16);
    const keyHash = createHash('sha256').update(key).digest('hex');

    const ok = await api.get('/api/v1/chains', undefined, { key });
    expect(ok.status, describe(ok)).toBe(200);

    const list = await runKeysCli(['list']);
    expect(list.exitCode, list.stderr).toBe(0);
    const listed = list.stdout.split('\n').find((line) => line.includes(name));
    expect(listed, `list shows ${name}:\n${list.stdout}`).toBeTruthy();
    for (const output of [list.stdout, list.stderr]) {
      expect(output).not.toContain(key);
      expect(output.toLowerCase()).not.toContain(keyHash);
      expect(output).not.toContain(Buffer.from(keyHash, 'hex').toString('base64'));
      expect(output).not.toContain(Buffer.from(keyHash, 'hex').toString('base64url'));
    }

    // The store keeps only a hash: the raw key is nowhere in the data folder's bytes.
    const files = filesUnder(dataDir()!);
    expect(files.length).toBeGreaterThan(0);
    const holding = (text: string) => {
      const needle = Buffer.from(text, 'utf8');
      return files.filter((file) => statSync(file).size >= needle.length && readFileSync(file).includes(needle));
    };
    expect(holding(key), 'files holding the raw key').toEqual([]);
    // The hash is there: the search does see what the store wrote for this key.
    expect(holding(keyHash).length, 'files holding the key hash').toBeGreaterThan(0);

    const id = listedId(listed!);
    expect(listed).not.toContain(key);
    const revoke = await runKeysCli(['revoke', id]);
    expect(revoke.exitCode, `${revoke.stdout}\n${revoke.stderr}`).toBe(0);

    expectUnauthorized(await api.get('/api/v1/chains', undefined, { key }));
    expectTrpcUnauthorized(await api.get('/api/trpc/v1.chains', undefined, { key }));
  });
});

test.describe('operator scope', () => {
  test('/api/metrics answers 403 to a plain key and 200 to an operator key made with the CLI; list shows each scope', async ({ api }) => {
    expect(dataDir(), 'E2E_DATA_DIR names the server data folder (set it with an external BASE_URL)').toBeTruthy();
    const stamp = Date.now();
    const plain = await createKey(`e2e-plain-${stamp}`);
    const operator = await createKey(`e2e-operator-${stamp}`, ['--scope', 'operator']);

    const refused = await api.get('/api/metrics', undefined, { key: plain.key });
    expect(refused.status, describe(refused)).toBe(403);
    expect(refused.json).toMatchObject({ success: false, code: 'FORBIDDEN' });
    // The message says what to do about it: the command that makes an operator key.
    expect((refused.json as Failure).error).toContain('npm run keys -- create --scope operator');
    expect(refused.text).not.toContain('bridge_solver_inventory');
    // The same key still reaches the interface.
    const chains = await api.get('/api/v1/chains', undefined, { key: plain.key });
    expect(chains.status, describe(chains)).toBe(200);

    const metrics = await api.get('/api/metrics', undefined, { key: operator.key });
    expect(metrics.status, describe(metrics)).toBe(200);
    expect(metrics.headers.get('content-type')).toContain('text/plain');
    expect(metrics.text).toContain('bridge_solver_inventory');

    const list = await runKeysCli(['list']);
    expect(list.exitCode, list.stderr).toBe(0);
    expect(list.stdout.split('\n')[0]).toContain('SCOPE');
    const scopeOf = (name: string) =>
      list.stdout
        .split('\n')
        .find((line) => line.includes(name))
        ?.split(/\s{2,}/)[4];
    expect(scopeOf(`e2e-plain-${stamp}`)).toBe('api');
    expect(scopeOf(`e2e-operator-${stamp}`)).toBe('operator');
  });

  test('the key CLI refuses an unknown scope, naming the scopes there are', async () => {
    expect(dataDir(), 'E2E_DATA_DIR names the server data folder (set it with an external BASE_URL)').toBeTruthy();
    const result = await runKeysCli(['create', '--name', `e2e-bad-scope-${Date.now()}`, '--scope', 'admin']);
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).toBe(2);
    expect(result.stderr).toContain('--scope must be one of api, operator; "admin" is not a scope.');
    expect(result.stdout).not.toMatch(/sk_/);
  });
});

/** The key's id: the first column of its line in `list`. */
function listedId(line: string): string {
  const id = line.trim().split(/\s+/)[0];
  if (!id) throw new Error(`cannot find the key id in the list line: ${line}`);
  return id;
}
