/**
 * Packages kept out of a place: a module there may not name one, nor any of its subpaths, in any kind of
 * import (static, `import type`, export-from, dynamic `import()`).
 */
import { isUnder } from './code-rules';
import { rawImports } from './import-graph';
import type { SourceModule } from './source-files';

/** Whether `specifier` is `name` or one of its subpaths (`@solana/spl-token/lib/...`). */
const names = (specifier: string, name: string) => specifier === name || specifier.startsWith(`${name}/`);

/** One line per import of a listed package from a module under `places`: `file:line imports 'package'`. */
export function forbiddenPackageImports(modules: readonly SourceModule[], places: readonly string[], packages: readonly string[]): string[] {
  return modules
    .filter((module) => isUnder(module.path, places))
    .flatMap((module) =>
      rawImports(module)
        .filter(({ specifier }) => packages.some((name) => names(specifier, name)))
        .map(({ specifier, line, typeOnly }) => `${module.path}:${line} imports '${specifier}'${typeOnly ? ' (type)' : ''}`),
    );
}
