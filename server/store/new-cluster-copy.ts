/**
 * A new PGlite database starts as the cluster initdb makes, which costs seconds of CPU (4–5 s on 2 loaded
 * cores), and every process that opens a new database (the app, each test file's services, the end-to-end and
 * production processes, the doctor) paid it. The cluster initdb makes is the same files for a given PGlite
 * version, so the first process to make one keeps a copy on disk (node_modules/.cache, beside the other build
 * caches) and every later new database starts from it: a second or so, the same files initdb would have
 * written. A copy that cannot be read or written is simply not used.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

function copyPath(): string | undefined {
  try {
    // The package exports no package.json: its folder is found from its entry point.
    const entry = require.resolve('@electric-sql/pglite');
    const marker = `${path.sep}node_modules${path.sep}@electric-sql${path.sep}pglite${path.sep}`;
    const packageDir = entry.slice(0, entry.lastIndexOf(marker) + marker.length);
    const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
    const nodeModules = packageDir.slice(0, packageDir.lastIndexOf(`${path.sep}@electric-sql${path.sep}`));
    return path.join(nodeModules, '.cache', 'swapbridge', `pglite-${version}-initdb.tar`);
  } catch {
    return undefined;
  }
}

let inMemory: Blob | undefined;

/** The new cluster's files, when a copy is kept (in this process, or on disk). */
export function newClusterCopy(): Blob | undefined {
  if (inMemory) return inMemory;
  const file = copyPath();
  if (!file) return undefined;
  try {
    inMemory = new Blob([readFileSync(file)]);
  } catch {
    return undefined;
  }
  return inMemory;
}

/** Keeps `tarball` (a new cluster as initdb made it, before any migration) for this process and the next ones. */
export async function keepNewClusterCopy(tarball: Blob): Promise<void> {
  inMemory = tarball;
  const file = copyPath();
  if (!file) return;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    // Written whole, then renamed: a process reading it never sees half a copy.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, new Uint8Array(await tarball.arrayBuffer()));
    renameSync(partial, file);
  } catch {
    // A read-only install: this process keeps its copy in memory.
  }
}
