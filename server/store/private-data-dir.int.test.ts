/**
 * The embedded store on a data folder of its own: everything PGlite writes there, at open and later, stays
 * private to the user running the app.
 */
import { chmodSync, mkdtempSync, readdirSync, lstatSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openToOthers } from './test-support/open-to-others';
import { openStore } from './database';

const parent = mkdtempSync(path.join(tmpdir(), 'private-data-dir-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

function countEntries(root: string): number {
  let count = 1;
  if (lstatSync(root).isDirectory()) for (const child of readdirSync(root)) count += countEntries(path.join(root, child));
  return count;
}

describe('the data folder', () => {
  it('is private after the store opens on a fresh folder and writes: no file or folder open to group or others', async () => {
    const dataDir = path.join(parent, 'fresh', 'data');
    const warnings: string[] = [];
    const store = await openStore({ dataDir, logger: { warn: (msg) => warnings.push(msg) } });
    try {
      await sql`create table private_check (id int)`.execute(store.db);
      await sql`insert into private_check select generate_series(1, 50000)`.execute(store.db);
      await sql`checkpoint`.execute(store.db);
    } finally {
      await store.close();
    }
    expect(countEntries(dataDir)).toBeGreaterThan(900);
    expect(openToOthers(dataDir)).toEqual([]);
    // A fresh folder was never open to others: nothing to report.
    expect(warnings).toEqual([]);
  }, 60_000);

  it('an existing folder left open is made private again on open, and the log says so', async () => {
    const dataDir = path.join(parent, 'fresh', 'data');
    chmodSync(dataDir, 0o777);
    chmodSync(path.join(dataDir, 'pglite'), 0o755);
    const loose = path.join(dataDir, 'pglite', 'PG_VERSION');
    chmodSync(loose, 0o666);
    const warnings: { msg: string; fields?: Record<string, unknown> }[] = [];
    const store = await openStore({ dataDir, logger: { warn: (msg, fields) => warnings.push({ msg, fields }) } });
    await store.close();
    expect(openToOthers(dataDir)).toEqual([]);
    expect(warnings).toEqual([{ msg: expect.stringContaining('open to other users'), fields: { dataDir, entries: 3 } }]);
  }, 60_000);
});
