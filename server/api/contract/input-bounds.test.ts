/**
 * Every text an endpoint accepts is bounded in length, so no request can make the server hold, hash, log
 * or store an arbitrarily long string (the REST JSON body is bounded as a whole too, but query strings and
 * tRPC inputs are not read through that limit). The walk covers every REST endpoint's input, dev ones
 * included, and every tRPC procedure, tRPC-only ones included.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { appRouter } from '../root';
import { DEV_ENDPOINTS } from './dev';
import { ENDPOINTS } from './index';

interface Def {
  type: string;
  [key: string]: unknown;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
/** True when one of the schema's checks caps its length (`.max(n)` or `.length(n)`). */
const hasMaxLength = (schema: z.ZodType): boolean =>
  ((defOf(schema).checks ?? []) as z.ZodType[]).some((check) => {
    const kind = defOf(check).check;
    return kind === 'max_length' || kind === 'length_equals';
  });

/** The paths (e.g. `body.trade`) of strings and arrays in `schema` that accept any length. */
export function unboundedInputs(schema: z.ZodType, path = 'input', seen = new Set<z.ZodType>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const inner = (child: unknown, at = path) => unboundedInputs(child as z.ZodType, at, seen);
  switch (def.type) {
    case 'string':
      return hasMaxLength(schema) ? [] : [path];
    case 'array':
      return [...(hasMaxLength(schema) ? [] : [`${path} (array)`]), ...inner(def.element, `${path}[]`)];
    case 'object':
      return [
        ...Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, child]) => inner(child, `${path}.${key}`)),
        // A catchall would accept unnamed keys of unchecked size.
        ...(def.catchall && defOf(def.catchall as z.ZodType).type !== 'never' ? inner(def.catchall, `${path}.*`) : []),
      ];
    case 'record':
      return [`${path} (record)`];
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => inner(option));
    case 'intersection':
      return [...inner(def.left), ...inner(def.right)];
    // What the client sends is checked by the pipe's input side; the output side sees only that value.
    case 'pipe':
      return inner(def.in);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner(def.innerType);
    case 'lazy':
      return inner((def.getter as () => z.ZodType)());
    case 'enum':
    case 'literal':
    case 'number':
    case 'boolean':
    case 'bigint':
    case 'null':
    case 'undefined':
    case 'never':
    case 'transform':
      return [];
    default:
      // A kind this walk does not know: flagged, so a new schema shape is looked at rather than passed.
      return [`${path} (${def.type})`];
  }
}

describe('endpoint inputs', () => {
  it.each([...ENDPOINTS, ...DEV_ENDPOINTS].map((endpoint) => [endpoint.procedure, endpoint] as const))(
    '%s: every string and array has a maximum length',
    (_procedure, endpoint) => {
      expect(unboundedInputs(endpoint.input)).toEqual([]);
    },
  );

  const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { inputs: z.ZodType[] } }>);

  it('every tRPC procedure has an input schema to walk', () => {
    expect(procedures.length).toBeGreaterThan(ENDPOINTS.length);
  });

  it.each(procedures)('tRPC %s: every string and array has a maximum length', (_path, procedure) => {
    expect(procedure._def.inputs.flatMap((input) => unboundedInputs(input))).toEqual([]);
  });

  it('the walk finds an unbounded string, array and record wherever they sit', async () => {
    const { z: zod } = await import('zod');
    const schema = zod.object({
      ok: zod.string().max(10),
      free: zod.string(),
      nested: zod.object({ list: zod.array(zod.string().length(5)).optional() }),
      either: zod.union([zod.number(), zod.string().regex(/^\d+$/)]),
      piped: zod.string().transform(Number).pipe(zod.number()),
      map: zod.record(zod.string(), zod.string()),
    });
    expect(unboundedInputs(schema)).toEqual(['input.free', 'input.nested.list (array)', 'input.either', 'input.piped', 'input.map (record)']);
  });
});

describe('an over-long value beside other fields', () => {
  it('is refused by its own field, and the checks across fields do not read it as a chain (it answered 500)', async () => {
    const { balanceInput } = await import('./chain-data');
    const zero = `0x${'0'.repeat(40)}`;
    for (const chains of [['a'.repeat(400), 'BASE'], ['a'.repeat(300)]]) {
      const parsed = balanceInput.safeParse({ chains, wallet: zero, token: zero });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.path[0])).toContain('chains');
    }
  });
});
