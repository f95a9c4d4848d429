import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { devnetManifestSchema, type DevnetManifest } from '@/server/chains/devnet-manifest';
import { TEST_STATE_CACHE } from './test-world';
import { manifestPathFor } from './world';

const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function launch(dataDir: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'devnet/cli.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DEVNET_PORTS: 'free',
      DEVNET_CHAINS: 'ETH,BASE,SOL',
      DEVNET_STATE_CACHE: TEST_STATE_CACHE,
      DEVNET_MANIFEST: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function waitForManifest(dataDir: string, child: ChildProcess): Promise<DevnetManifest> {
  const file = manifestPathFor(dataDir);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const deadline = Date.now() + 45_000;
  while (!existsSync(file)) {
    if (child.exitCode !== null) throw new Error(`launcher exited early: ${output}`);
    if (Date.now() > deadline) throw new Error(`no manifest in time: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return devnetManifestSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/**
 * Direct anvil children of a process, from /proc. Only anvils count: on a machine with a cold
 * tsx cache the launcher also runs an esbuild service child, which is not a node.
 */
function childPids(pid: number): number[] {
  const found: number[] = [];
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const text = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
    if (text) found.push(...text.split(/\s+/).map(Number));
  }
  return found.filter((child) => commandOf(child) === 'anvil');
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').split(' ')[2]?.startsWith('Z');
  } catch {
    return false;
  }
}

async function refuses(url: string): Promise<boolean> {
  try {
    await fetch(url, { method: 'POST', body: '{}', signal: AbortSignal.timeout(2_000) });
    return false;
  } catch {
    return true;
  }
}

describe('launcher', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`leaves no node behind when stopped with ${signal}`, async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'launcher-'));
      dataDirs.push(dataDir);
      const child = launch(dataDir);
      const manifest = await waitForManifest(dataDir, child);
      const anvils = childPids(child.pid!);
      expect(anvils).toHaveLength(2);
      const urls = Object.values(manifest.chains).map((chain) => chain.rpcUrl);
      expect(urls).toHaveLength(3);

      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill(signal);
      expect(await exited).toBe(0);
      for (const pid of anvils) expect(alive(pid), `anvil ${pid}`).toBe(false);
      for (const url of urls) expect(await refuses(url), url).toBe(true);
      expect(existsSync(manifestPathFor(dataDir))).toBe(false);
    });
  }

  it('stops the world it is still starting when a signal comes before it is up', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'launcher-'));
    dataDirs.push(dataDir);
    const child = launch(dataDir);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    // The first node is up and the manifest is not written yet: the launcher is in the middle of starting.
    let anvils: number[] = [];
    const deadline = Date.now() + 45_000;
    while (anvils.length === 0) {
      if (Date.now() > deadline) throw new Error('no node started in time');
      await new Promise((resolve) => setTimeout(resolve, 20));
      anvils = child.exitCode === null ? childPids(child.pid!) : [];
    }
    expect(existsSync(manifestPathFor(dataDir))).toBe(false);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of anvils) expect(alive(pid), `anvil ${pid}`).toBe(false);
    expect(existsSync(manifestPathFor(dataDir))).toBe(false);
  });

  it('ends the nodes of a launcher that was killed outright before starting again', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'launcher-'));
    dataDirs.push(dataDir);
    const first = launch(dataDir);
    await waitForManifest(dataDir, first);
    const orphans = childPids(first.pid!);
    const killed = new Promise((resolve) => first.once('exit', resolve));
    first.kill('SIGKILL');
    await killed;
    expect(orphans.some(alive)).toBe(true);

    rmSync(manifestPathFor(dataDir), { force: true });
    const second = launch(dataDir);
    await waitForManifest(dataDir, second);
    for (const pid of orphans) expect(alive(pid), `orphan ${pid}`).toBe(false);
    const exited = new Promise((resolve) => second.once('exit', resolve));
    second.kill('SIGTERM');
    await exited;
  });
});
