/**
 * Each page's first-load JavaScript, from a production build: the scripts a browser loads before the page
 * is interactive (Next's runtime and the chunks of the route's layouts and page, as the build's manifests
 * list them), with their gzip size. Chunks a page imports lazily (`next/dynamic`, `import()`) load later
 * and are not counted.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { gzipSync } from 'node:zlib';

export interface PageWeight {
  /** The route as the app names it, e.g. `/` or `/token/[chain]/[address]`. */
  route: string;
  /** Chunk files (relative to the build folder, e.g. `static/chunks/x.js`). */
  files: string[];
  rawBytes: number;
  gzipBytes: number;
}

/** The swap page's budget: gzip bytes of first-load JavaScript (1 kB = 1,000 bytes). */
export const SWAP_PAGE_BUDGET_BYTES = 300_000;

interface ClientReferenceManifest {
  entryJSFiles?: Record<string, string[]>;
}

function pageManifests(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) pageManifests(full, found);
    else if (entry.name === 'page_client-reference-manifest.js') found.push(full);
  }
  return found;
}

/** The manifest is a script that assigns to `globalThis.__RSC_MANIFEST[route]`; it runs in a bare context. */
function readManifest(file: string): Record<string, ClientReferenceManifest> {
  const context: { __RSC_MANIFEST?: Record<string, ClientReferenceManifest> } = {};
  vm.runInNewContext(readFileSync(file, 'utf8'), context, { filename: file, timeout: 1_000 });
  return context.__RSC_MANIFEST ?? {};
}

/** `/page` → `/`, `/token/[chain]/[address]/page` → `/token/[chain]/[address]`. */
function routeOf(manifestKey: string): string {
  return manifestKey.replace(/\/page$/, '') || '/';
}

/** First-load JavaScript of every page route in `nextDir` (a `.next` folder after `next build`), by route. */
export function pageWeights(nextDir: string): PageWeight[] {
  if (!existsSync(path.join(nextDir, 'BUILD_ID'))) throw new Error(`no production build in ${nextDir}: run next build first`);
  const buildManifest = JSON.parse(readFileSync(path.join(nextDir, 'build-manifest.json'), 'utf8')) as { rootMainFiles: string[] };
  const gzipOf = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = (file: string) => {
    let size = gzipOf.get(file);
    if (!size) {
      const bytes = readFileSync(path.join(nextDir, file));
      size = { raw: bytes.length, gzip: gzipSync(bytes).length };
      gzipOf.set(file, size);
    }
    return size;
  };
  const weights: PageWeight[] = [];
  for (const file of pageManifests(path.join(nextDir, 'server', 'app'))) {
    for (const [key, manifest] of Object.entries(readManifest(file))) {
      const route = routeOf(key);
      // Next's own error pages are not pages of the app.
      if (route.split('/').some((segment) => segment.startsWith('_'))) continue;
      const files = new Set(buildManifest.rootMainFiles);
      for (const chunks of Object.values(manifest.entryJSFiles ?? {})) for (const chunk of chunks) files.add(chunk);
      const sorted = [...files].filter((chunk) => chunk.endsWith('.js')).sort();
      weights.push({
        route,
        files: sorted,
        rawBytes: sorted.reduce((sum, chunk) => sum + sizeOf(chunk).raw, 0),
        gzipBytes: sorted.reduce((sum, chunk) => sum + sizeOf(chunk).gzip, 0),
      });
    }
  }
  return weights.sort((a, b) => a.route.localeCompare(b.route));
}

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
