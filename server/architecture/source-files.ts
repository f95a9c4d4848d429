/**
 * The source files the architecture rules read: every module under the given folders (plus the given
 * top-level files), parsed once with the TypeScript compiler. Test files and generated code are left out:
 * tests may reach anywhere, and generated bindings follow their generator, not these rules.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One module: its path from the repository root (forward slashes) and its parsed text. */
export type SourceModule = { path: string; source: ts.SourceFile };

const SOURCE_FILE = /\.(ts|tsx|mts|mjs)$/;
const DECLARATION_FILE = /\.d\.m?ts$/;
const TEST_FILE = /\.(test|int\.test|spec)\.(ts|tsx|mts|mjs)$/;

export function isSourcePath(relative: string): boolean {
  const name = path.posix.basename(relative);
  return SOURCE_FILE.test(name) && !DECLARATION_FILE.test(name) && !TEST_FILE.test(name) && !relative.includes('/generated/');
}

/** Parses a module's text; `.tsx` files with JSX, the rest as TypeScript (which reads `.mjs` too). */
export function parseModule(relative: string, text: string): SourceModule {
  const kind = relative.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return { path: relative, source: ts.createSourceFile(relative, text, ts.ScriptTarget.Latest, true, kind) };
}

function walk(root: string, folder: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'generated') out.push(...walk(root, relative));
    } else if (isSourcePath(relative)) {
      out.push(relative);
    }
  }
  return out;
}

/** Every source module under `folders` (recursively) and the listed single `files`, in a stable order. */
export function readModules(root: string, folders: readonly string[], files: readonly string[] = []): SourceModule[] {
  const paths = [
    ...folders.filter((folder) => existsSync(path.join(root, folder))).flatMap((folder) => walk(root, folder)),
    ...files.filter((file) => isSourcePath(file) && existsSync(path.join(root, file))),
  ];
  return [...new Set(paths)].sort().map((relative) => parseModule(relative, readFileSync(path.join(root, relative), 'utf8')));
}

/** The 1-based line of a node, for messages that name `file:line`. */
export function lineOf(module: SourceModule, node: ts.Node): number {
  return module.source.getLineAndCharacterOfPosition(node.getStart(module.source)).line + 1;
}
