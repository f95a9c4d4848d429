/**
 * Which project module imports which: every static import and export-from, `import type` included (a
 * circle through types still ties the two files' designs together), dynamic `import()` and `import('x')`
 * types. Specifiers are resolved the way the bundler resolves them here: `@/` from the repository root,
 * `./` and `../` from the importing file, with or without the file's extension; packages are not followed.
 */
import path from 'node:path';
import ts from 'typescript';
import { lineOf, type SourceModule } from './source-files';

/** One import of one project module by another. */
export type ImportEdge = { from: string; to: string; specifier: string; line: number; typeOnly: boolean };

export type RawImport = { specifier: string; line: number; typeOnly: boolean };

function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  // `import { type A, type B } from` loads nothing at run time either.
  return (
    !clause.name &&
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
}

/** Every specifier a module names, packages included, with its line. */
export function rawImports(module: SourceModule): RawImport[] {
  const found: RawImport[] = [];
  const add = (literal: ts.Expression, typeOnly: boolean) => {
    if (ts.isStringLiteralLike(literal)) found.push({ specifier: literal.text, line: lineOf(module, literal), typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) add(node.moduleSpecifier, isTypeOnlyImport(node));
    else if (ts.isExportDeclaration(node) && node.moduleSpecifier) add(node.moduleSpecifier, node.isTypeOnly);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) add(node.moduleReference.expression, node.isTypeOnly);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0]) add(node.arguments[0], false);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal, true);
    ts.forEachChild(node, visit);
  };
  visit(module.source);
  return found;
}

const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.mjs', '/index.ts', '/index.tsx'];

/** The project module a specifier names, or undefined for a package (or a file outside the scanned set). */
export function resolveSpecifier(from: string, specifier: string, known: ReadonlySet<string>): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = specifier.slice(2);
  else if (specifier.startsWith('./') || specifier.startsWith('../')) base = path.posix.join(path.posix.dirname(from), specifier);
  else return undefined;
  const stem = base.replace(/\.js$/, '');
  for (const candidate of [...EXTENSIONS.map((end) => base + end), ...EXTENSIONS.map((end) => stem + end)]) {
    if (known.has(candidate)) return candidate;
  }
  return undefined;
}

/** Every import between the given modules, in file order. */
export function importEdges(modules: readonly SourceModule[]): ImportEdge[] {
  const known = new Set(modules.map((module) => module.path));
  return modules.flatMap((module) =>
    rawImports(module).flatMap(({ specifier, line, typeOnly }) => {
      const to = resolveSpecifier(module.path, specifier, known);
      return to && to !== module.path ? [{ from: module.path, to, specifier, line, typeOnly }] : [];
    }),
  );
}

/** The edges out of each module (a module that imports nothing maps to an empty list). */
export function adjacency(modules: readonly SourceModule[], edges: readonly ImportEdge[]): Map<string, ImportEdge[]> {
  const out = new Map<string, ImportEdge[]>(modules.map((module) => [module.path, []]));
  for (const edge of edges) out.get(edge.from)?.push(edge);
  return out;
}
