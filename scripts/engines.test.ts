/**
 * The Node version the project declares is one every installed package accepts: a dependency that wants a
 * newer Node than `engines.node` promises would install with an EBADENGINE warning and may break on it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NODE_MODULES = path.join(ROOT, 'node_modules');

interface Manifest {
  name?: string;
  version?: string;
  engines?: { node?: string };
}

function readManifest(file: string): Manifest | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

/** Every package folder under node_modules, nested ones included. */
function packageFolders(folder: string): string[] {
  const found: string[] = [];
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return found;
  }
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const full = path.join(folder, entry.name);
    if (entry.name.startsWith('@')) {
      found.push(...packageFolders(full));
      continue;
    }
    found.push(full, ...packageFolders(path.join(full, 'node_modules')));
  }
  return found;
}

describe('Node engine', () => {
  const declared = readManifest(path.join(ROOT, 'package.json'))!.engines!.node!;
  const lowest = semver.minVersion(declared)!.version;

  it('the running Node satisfies the declared engine', () => {
    expect(semver.satisfies(process.versions.node, declared)).toBe(true);
  });

  it(`every installed package accepts the lowest declared Node (${lowest})`, () => {
    const refusing = packageFolders(NODE_MODULES).flatMap((folder) => {
      const manifest = readManifest(path.join(folder, 'package.json'));
      const wanted = manifest?.engines?.node;
      if (!manifest?.name || !wanted || !semver.validRange(wanted)) return [];
      return semver.satisfies(lowest, wanted) ? [] : [`${manifest.name}@${manifest.version} wants node ${wanted}`];
    });
    expect(refusing).toEqual([]);
  });
});
