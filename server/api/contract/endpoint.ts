import type { z } from 'zod';
import type { ErrorCode } from '@/server/errors';
import { withChecksummedAddresses } from './answer-addresses';

/** A field name the interface also accepts for a canonical field (listed per endpoint in the OpenAPI document). */
export interface InputAlias {
  /** The canonical field the alias stands for. */
  to: string;
  /** True when the alias means the opposite boolean (skipSimulation = !simulation). */
  invert?: boolean;
}

/**
 * One endpoint of the public interface: the single source for validation, the tRPC procedure's input and
 * output, REST parsing, and the OpenAPI document.
 */
export type EndpointMethod = 'GET' | 'POST';

export interface Endpoint<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType, M extends EndpointMethod = EndpointMethod> {
  /** Dotted tRPC procedure path, e.g. `v1.quote`. */
  procedure: string;
  /** GET is a tRPC query, POST a mutation. */
  method: M;
  /** REST paths; the first is the reference form, the others are spellings the interface also uses. */
  paths: readonly string[];
  /** `false` only for the health check. */
  auth: boolean;
  summary: string;
  description: string;
  tag: string;
  input: I;
  output: O;
  aliases?: Readonly<Record<string, InputAlias>>;
  /** Error codes this endpoint can answer with, for the document. */
  errors: readonly ErrorCode[];
}

/** The endpoint as served: its answers carry checksummed EVM addresses (answer-addresses.ts). */
export function defineEndpoint<I extends z.ZodObject, O extends z.ZodType, M extends EndpointMethod>(endpoint: Endpoint<I, O, M>): Endpoint<I, O, M> {
  return { ...endpoint, output: withChecksummedAddresses(endpoint.output) };
}

/** Rewrites alias keys to their canonical names; a canonical key that is present wins over its alias. */
export function applyAliases(raw: unknown, aliases: Readonly<Record<string, InputAlias>> | undefined): unknown {
  if (!aliases || raw === null || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const result: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  for (const [alias, { to, invert }] of Object.entries(aliases)) {
    if (!(alias in result)) continue;
    const value = result[alias];
    delete result[alias];
    if (to in result) continue;
    result[to] = invert ? invertBoolean(value) : value;
  }
  return result;
}

function invertBoolean(value: unknown): unknown {
  if (typeof value === 'boolean') return !value;
  if (value === 'true' || value === '1') return false;
  if (value === 'false' || value === '0') return true;
  return value; // left as is so validation names the field
}
