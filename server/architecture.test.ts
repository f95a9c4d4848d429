/**
 * The code's shape, held by a test: files that do one job (at most 400 lines), functions that fit on a
 * screen (at most 80 lines), and domain folders that know nothing of the API versions (no import from
 * server/api). Test files and generated code are exempt.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;
const DOMAIN = ['trading', 'bridge', 'tokens', 'venues', 'chains', 'balances', 'fees', 'routing'].map((folder) => `server/${folder}/`);

function sourceFiles(folder: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, folder), { withFileTypes: true })) {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) out.push(...sourceFiles(relative));
    else if (/\.tsx?$/.test(entry.name) && !/\.(test|int\.test|spec)\.tsx?$/.test(entry.name) && !relative.includes('/generated/')) out.push(relative);
  }
  return out;
}

const FILES = ['server', 'devnet', 'components'].flatMap(sourceFiles);

function longFunctions(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (last - first + 1 > MAX_FUNCTION_LINES) found.push(`${file}:${first + 1} (${last - first + 1} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('code shape', () => {
  it(`no source file is over ${MAX_FILE_LINES} lines`, () => {
    const long = FILES.filter((file) => readFileSync(path.join(ROOT, file), 'utf8').split('\n').length > MAX_FILE_LINES);
    expect(long).toEqual([]);
  });

  it(`no function is over ${MAX_FUNCTION_LINES} lines`, () => {
    expect(FILES.flatMap(longFunctions)).toEqual([]);
  });

  it('domain folders import nothing from server/api', () => {
    const upward = FILES.filter((file) => DOMAIN.some((folder) => file.startsWith(folder)))
      .filter((file) => /from '@\/server\/api/.test(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(upward).toEqual([]);
  });
});
