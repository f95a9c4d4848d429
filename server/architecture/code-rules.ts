/**
 * Rules read from each module's syntax tree: chain-family branches, environment reads, re-export shims,
 * and the size of files and functions. Each returns one line per offence, `file:line what`, so a failing
 * test names every place to change.
 */
import ts from 'typescript';
import { resolveSpecifier } from './import-graph';
import { lineOf, type SourceModule } from './source-files';

/** Whether `file` is under one of `places` (a folder ending in `/`, or an exact file). */
export function isUnder(file: string, places: readonly string[]): boolean {
  return places.some((place) => (place.endsWith('/') ? file.startsWith(place) : file === place));
}

function visitAll(module: SourceModule, visit: (node: ts.Node) => void): void {
  const walk = (node: ts.Node) => {
    visit(node);
    ts.forEachChild(node, walk);
  };
  walk(module.source);
}

/** `family`, `x.family`, `x['family']` or a name ending in `Family` (`sourceFamily`): what a family branch tests. */
function isFamilyOperand(node: ts.Expression): boolean {
  const inner = ts.isParenthesizedExpression(node) ? node.expression : node;
  if (ts.isIdentifier(inner)) return inner.text === 'family' || inner.text.endsWith('Family');
  if (ts.isPropertyAccessExpression(inner)) return inner.name.text === 'family';
  if (ts.isElementAccessExpression(inner)) return ts.isStringLiteralLike(inner.argumentExpression) && inner.argumentExpression.text === 'family';
  return false;
}

const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/** `… family === …`, `… family !== …` and `switch (x.family)` outside the places allowed to know the families. */
export function familyBranches(modules: readonly SourceModule[], allowed: readonly string[]): string[] {
  return modules
    .filter((module) => !isUnder(module.path, allowed))
    .flatMap((module) => {
      const found: string[] = [];
      visitAll(module, (node) => {
        if (ts.isBinaryExpression(node) && EQUALITY.has(node.operatorToken.kind) && (isFamilyOperand(node.left) || isFamilyOperand(node.right))) {
          found.push(`${module.path}:${lineOf(module, node)} ${node.getText(module.source).slice(0, 100)}`);
        } else if (ts.isSwitchStatement(node) && isFamilyOperand(node.expression)) {
          found.push(`${module.path}:${lineOf(module, node)} switch (${node.expression.getText(module.source)})`);
        }
      });
      return found;
    });
}

/** `process.env` (however indexed or destructured) outside the modules allowed to read the environment. */
export function environmentReads(modules: readonly SourceModule[], allowed: readonly string[]): string[] {
  return modules
    .filter((module) => !isUnder(module.path, allowed))
    .flatMap((module) => {
      const found: string[] = [];
      visitAll(module, (node) => {
        const isProcess = (expression: ts.Expression) => ts.isIdentifier(expression) && expression.text === 'process';
        const direct = ts.isPropertyAccessExpression(node) && isProcess(node.expression) && node.name.text === 'env';
        const indexed =
          ts.isElementAccessExpression(node) &&
          isProcess(node.expression) &&
          ts.isStringLiteralLike(node.argumentExpression) &&
          node.argumentExpression.text === 'env';
        // `const { env } = process`
        const destructured =
          ts.isVariableDeclaration(node) &&
          node.initializer !== undefined &&
          isProcess(node.initializer) &&
          ts.isObjectBindingPattern(node.name) &&
          node.name.elements.some((element) => (element.propertyName ?? element.name).getText(module.source) === 'env');
        if (direct || indexed || destructured) {
          const statement = node.parent && ts.isPropertyAccessExpression(node.parent) ? node.parent : node;
          found.push(`${module.path}:${lineOf(module, node)} ${statement.getText(module.source).slice(0, 80)}`);
        }
      });
      return found;
    });
}

/** Names this module imports from other project modules (not from packages), by local name. */
function projectImports(module: SourceModule, known: ReadonlySet<string>): Map<string, string> {
  const names = new Map<string, string>();
  for (const statement of module.source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteralLike(statement.moduleSpecifier) || !statement.importClause) continue;
    const from = resolveSpecifier(module.path, statement.moduleSpecifier.text, known);
    if (!from) continue;
    const clause = statement.importClause;
    if (clause.name) names.set(clause.name.text, from);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) names.set(bindings.name.text, from);
    if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) names.set(element.name.text, from);
  }
  return names;
}

/**
 * Re-export shims: `export … from` another project module, or a binding imported from one and exported
 * again (`export { x }`, `export default x`, `export const y = x`). A caller should import from where the
 * thing lives; only the listed barrels may gather others' exports.
 */
export function reexportShims(modules: readonly SourceModule[], allowedBarrels: readonly string[]): string[] {
  const known = new Set(modules.map((module) => module.path));
  return modules
    .filter((module) => !isUnder(module.path, allowedBarrels))
    .flatMap((module) => {
      const imported = projectImports(module, known);
      const found: string[] = [];
      const report = (node: ts.Node, names: string, from: string) => found.push(`${module.path}:${lineOf(module, node)} re-exports ${names} from ${from}`);
      for (const statement of module.source.statements) {
        if (ts.isExportDeclaration(statement)) {
          const names = statement.exportClause && ts.isNamedExports(statement.exportClause) ? statement.exportClause.elements : undefined;
          if (statement.moduleSpecifier && ts.isStringLiteralLike(statement.moduleSpecifier)) {
            const from = resolveSpecifier(module.path, statement.moduleSpecifier.text, known);
            if (from) report(statement, names ? names.map((element) => element.name.text).join(', ') : '*', from);
          } else if (names) {
            const again = names.filter((element) => imported.has((element.propertyName ?? element.name).text));
            for (const element of again) report(statement, element.name.text, imported.get((element.propertyName ?? element.name).text)!);
          }
        } else if (ts.isExportAssignment(statement) && ts.isIdentifier(statement.expression) && imported.has(statement.expression.text)) {
          report(statement, `default (${statement.expression.text})`, imported.get(statement.expression.text)!);
        } else if (ts.isVariableStatement(statement) && statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) {
          for (const declaration of statement.declarationList.declarations) {
            const value = declaration.initializer;
            if (value && ts.isIdentifier(value) && imported.has(value.text))
              report(statement, `${declaration.name.getText(module.source)} (= ${value.text})`, imported.get(value.text)!);
          }
        }
      }
      return found;
    });
}

/** Files over `maxLines` lines. */
export function longFiles(modules: readonly SourceModule[], maxLines: number): string[] {
  return modules.flatMap((module) => {
    const lines = module.source.text.split('\n').length;
    return lines > maxLines ? [`${module.path} (${lines} lines)`] : [];
  });
}

/** Functions (declarations, methods, arrows, accessors) whose body spans over `maxLines` lines. */
export function longFunctions(modules: readonly SourceModule[], maxLines: number): string[] {
  return modules.flatMap((module) => {
    const found: string[] = [];
    visitAll(module, (node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const first = lineOf(module, node);
        const last = module.source.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
        if (last - first + 1 > maxLines) found.push(`${module.path}:${first} (${last - first + 1} lines)`);
      }
    });
    return found;
  });
}
