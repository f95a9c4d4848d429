/** What a data folder shows to other users, for the tests that keep it private. */
import { lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Every entry under `root` (itself included) that its group or others may read, write or enter. */
export function openToOthers(root: string): string[] {
  const found: string[] = [];
  const visit = (entry: string) => {
    const stats = lstatSync(entry);
    if ((stats.mode & 0o077) !== 0) found.push(`${(stats.mode & 0o777).toString(8)} ${path.relative(root, entry) || '.'}`);
    if (stats.isDirectory()) for (const child of readdirSync(entry)) visit(path.join(entry, child));
  };
  visit(root);
  return found;
}
