/**
 * Module-level mutable state: a `let` (or `var`) at the top of a module, or a top-level constant holding a
 * collection or a cache (`new Map(…)`, `new WeakMap(…)`, `new Set(…)`, `new WeakSet(…)`, `boundedCache(…)`).
 * Such state is shared by every services instance in the process and outlives each: caches belong to the
 * composition root, which builds them per instance and passes them in. Constant lookup tables (built once
 * from constants, never written) and the few process-wide facts are listed by name, each with its reason.
 */
import ts from 'typescript';
import { lineOf, type SourceModule } from './source-files';

const COLLECTIONS = ['Map', 'WeakMap', 'Set', 'WeakSet'];
const CACHE_FACTORIES = ['boundedCache'];

/** What a top-level initializer builds at load time: a collection or a cache (functions in it run later). */
function builtState(initializer: ts.Expression): string | undefined {
  let found: string | undefined;
  const walk = (node: ts.Node) => {
    if (found || ts.isFunctionLike(node) || ts.isClassLike(node)) return;
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && COLLECTIONS.includes(node.expression.text)) found = `new ${node.expression.text}`;
    else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && CACHE_FACTORIES.includes(node.expression.text)) found = node.expression.text;
    else ts.forEachChild(node, walk);
  };
  walk(initializer);
  return found;
}

/**
 * Top-level `let`s and collections or caches built at load time, except those `allowed` as `path: name`
 * (`server/display/number-text.ts: fixedFormats`); and every allowed one no longer there, so the list cannot
 * keep permitting what was renamed or removed.
 */
export function moduleLevelState(modules: readonly SourceModule[], allowed: readonly string[]): string[] {
  const unused = new Set(allowed);
  const offences = modules.flatMap((module) => {
    const found: string[] = [];
    for (const statement of module.source.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      const constant = (statement.declarationList.flags & ts.NodeFlags.Const) !== 0;
      for (const declaration of statement.declarationList.declarations) {
        const name = declaration.name.getText(module.source);
        const what = constant ? declaration.initializer && builtState(declaration.initializer) : 'let';
        if (!what) continue;
        const entry = `${module.path}: ${name}`;
        if (allowed.includes(entry)) unused.delete(entry);
        else found.push(`${module.path}:${lineOf(module, declaration)} ${name} (${what})`);
      }
    }
    return found;
  });
  return [...offences, ...[...unused].map((entry) => `${entry} is allowed but not found: take it off the list`)];
}
