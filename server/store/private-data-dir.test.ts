import { mkdirSync, mkdtempSync, lstatSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openToOthers } from './test-support/open-to-others';
import { holdPrivateUmask, tightenDataDir } from './private-data-dir';

const parent = mkdtempSync(path.join(tmpdir(), 'private-data-dir-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe('tightenDataDir', () => {
  it('removes group and other bits everywhere, keeps the owner bits, leaves symbolic links alone', async () => {
    const root = path.join(parent, 'sweep');
    mkdirSync(path.join(root, 'sub'), { recursive: true, mode: 0o755 });
    writeFileSync(path.join(root, 'sub', 'script'), '', { mode: 0o775 });
    writeFileSync(path.join(root, 'private'), '', { mode: 0o600 });
    expect(await tightenDataDir(root)).toBeGreaterThanOrEqual(2);
    expect(lstatSync(path.join(root, 'sub', 'script')).mode & 0o777).toBe(0o700);
    expect(lstatSync(path.join(root, 'private')).mode & 0o777).toBe(0o600);
    expect(openToOthers(root)).toEqual([]);
    expect(await tightenDataDir(root)).toBe(0);
  });
});

describe('holdPrivateUmask', () => {
  it('keeps group and others out of new files until the last holder lets go', () => {
    const before = process.umask();
    const first = holdPrivateUmask();
    const second = holdPrivateUmask();
    expect(process.umask()).toBe(0o077);
    first();
    first();
    expect(process.umask()).toBe(0o077);
    second();
    expect(process.umask()).toBe(before);
  });
});
