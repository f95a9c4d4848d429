/**
 * One direction per pair of folders: every import is checked against an explicit policy (written in
 * server/architecture.test.ts). Two levels are checked:
 * - areas: the top-level parts of the repository (server, devnet, the pages, the benchmarks, …), each with
 *   the places of other areas it may import;
 * - inside server/: its second-level folders (and its top-level files) in one order, lowest first; a unit
 *   may import only units before it.
 */
import type { ImportEdge } from './import-graph';
import { isUnder } from './code-rules';

export interface Area {
  /** The folders (ending in `/`) and files that make up the area. */
  places: readonly string[];
  /** Places outside the area that its modules may import. */
  mayImport: readonly string[];
  /** Places among `mayImport` that may be imported for their types only (`import type`), never run. */
  typesOnly?: readonly string[];
}

export interface LayerPolicy {
  areas: Readonly<Record<string, Area>>;
  /** server/'s second-level folders (`server/x/`) and top-level files (`server/x.ts`), lowest first. */
  serverOrder: readonly string[];
  /** Importers exempt from both levels: test helpers, which may reach whatever a test reaches. */
  testSupport: readonly RegExp[];
}

function areaOf(file: string, policy: LayerPolicy): string | undefined {
  return Object.keys(policy.areas).find((name) => isUnder(file, policy.areas[name]!.places));
}

/** `server/x/` for a module under a second-level folder of server/, the file itself for `server/x.ts`. */
export function serverUnit(file: string): string {
  const parts = file.split('/');
  return parts.length > 2 ? `${parts[0]}/${parts[1]}/` : file;
}

function areaOffence(edge: ImportEdge, policy: LayerPolicy): string | undefined {
  const from = areaOf(edge.from, policy);
  const to = areaOf(edge.to, policy);
  if (from === undefined) return `${edge.from} is in no area of the layer policy`;
  if (to === undefined) return `${edge.to} is in no area of the layer policy`;
  if (from === to) return undefined;
  const area = policy.areas[from]!;
  if (!isUnder(edge.to, area.mayImport)) return `${from} may not import ${to} here`;
  if (!edge.typeOnly && isUnder(edge.to, area.typesOnly ?? [])) return `${from} may import only types from ${edge.to}`;
  return undefined;
}

function serverOffence(edge: ImportEdge, policy: LayerPolicy): string | undefined {
  if (!edge.from.startsWith('server/') || !edge.to.startsWith('server/')) return undefined;
  const from = serverUnit(edge.from);
  const to = serverUnit(edge.to);
  if (from === to) return undefined;
  const fromRank = policy.serverOrder.indexOf(from);
  const toRank = policy.serverOrder.indexOf(to);
  if (fromRank < 0) return `${from} has no place in the server layer order`;
  if (toRank < 0) return `${to} has no place in the server layer order`;
  return toRank < fromRank ? undefined : `${from} sits below ${to}: it may not import it`;
}

/** One line per import against the policy: `file:line imports 'specifier' (why)`. */
export function importsAgainstDirection(edges: readonly ImportEdge[], policy: LayerPolicy): string[] {
  return edges.flatMap((edge) => {
    if (policy.testSupport.some((pattern) => pattern.test(edge.from))) return [];
    const offence = areaOffence(edge, policy) ?? serverOffence(edge, policy);
    return offence ? [`${edge.from}:${edge.line} imports '${edge.specifier}'${edge.typeOnly ? ' (type)' : ''}: ${offence}`] : [];
  });
}
