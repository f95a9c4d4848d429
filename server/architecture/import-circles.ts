/**
 * Import circles: groups of modules that reach each other through imports (strongly connected
 * components). Each is reported with its members and one concrete loop through them, so the message
 * shows which import to cut.
 */
import type { ImportEdge } from './import-graph';

/** Tarjan's algorithm, without recursion so that a deep import chain cannot overflow the stack. */
function stronglyConnected(graph: ReadonlyMap<string, readonly ImportEdge[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const target = edges[frame.edge++]!.to;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        if (group.length > 1) groups.push(group.sort());
      }
    }
  }
  return groups;
}

/** The shortest loop from `start` back to itself inside `members` (breadth first). */
function loopThrough(start: string, members: ReadonlySet<string>, graph: ReadonlyMap<string, readonly ImportEdge[]>): ImportEdge[] {
  const cameBy = new Map<string, ImportEdge>();
  const queue = [start];
  for (let at = 0; at < queue.length; at++) {
    for (const edge of graph.get(queue[at]!) ?? []) {
      if (!members.has(edge.to) || cameBy.has(edge.to)) continue;
      cameBy.set(edge.to, edge);
      if (edge.to === start) {
        const loop: ImportEdge[] = [];
        for (let step: ImportEdge | undefined = edge; step; step = step.from === start ? undefined : cameBy.get(step.from)) loop.unshift(step);
        return loop;
      }
      queue.push(edge.to);
    }
  }
  return [];
}

function describeLoop(loop: readonly ImportEdge[]): string {
  const typeMark = (edge: ImportEdge) => (edge.typeOnly ? ' (type)' : '');
  return loop.map((edge) => `${edge.from}:${edge.line}${typeMark(edge)}`).join(' → ') + ` → ${loop[0]?.from ?? ''}`;
}

/** One line per circle: its size, its members, and one loop through them with the importing lines. */
export function importCircles(graph: ReadonlyMap<string, readonly ImportEdge[]>): string[] {
  return stronglyConnected(graph).map((group) => {
    const loop = loopThrough(group[0]!, new Set(group), graph);
    return `circle of ${group.length} files [${group.join(', ')}]: ${describeLoop(loop)}`;
  });
}
