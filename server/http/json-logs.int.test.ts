/**
 * With LOG_FORMAT=json (the default for `npm start`), every line the production process writes, on stdout
 * and on stderr, is one JSON object: its start (Next's own lines and the dependencies' notices included),
 * requests that succeed and fail, pages, and its shutdown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProductionProcess, type ProductionProcess } from './test-support/production-process';

let server: ProductionProcess;

beforeAll(async () => {
  server = await startProductionProcess({ LOG_LEVEL: 'debug' });
}, 120_000);

afterAll(async () => {
  await server?.dispose();
});

function notJson(lines: string[]): string[] {
  return lines.filter((line) => {
    try {
      const entry: unknown = JSON.parse(line);
      return typeof entry !== 'object' || entry === null || Array.isArray(entry);
    } catch {
      return true;
    }
  });
}

describe('LOG_FORMAT=json', () => {
  it('writes nothing but JSON objects, one a line, on stdout and stderr, from start to exit', async () => {
    const get = async (path: string, init?: RequestInit) => (await fetch(`${server.baseUrl}${path}`, init)).status;
    expect(await get('/api/health/live')).toBe(200);
    expect(await get('/')).toBe(200);
    expect(await get('/no-such-page')).toBe(404);
    expect(await get('/api/v1/bridge/execute', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"not json' })).toBeGreaterThanOrEqual(400);
    expect(await get('/api/v1/token-info?chain=NOPE&address=0x1')).toBe(401);
    server.child.kill('SIGTERM');
    expect(await server.exited).toMatchObject({ code: 0 });
    await new Promise((resolve) => setTimeout(resolve, 100));

    expect(server.stdout.length).toBeGreaterThan(5);
    expect(notJson(server.stdout)).toEqual([]);
    expect(notJson(server.stderr)).toEqual([]);
    const messages = server.stdout.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toEqual(expect.arrayContaining(['listening', 'request', 'shutdown started', 'shutdown complete']));
  }, 120_000);
});
