/**
 * Runs a contract endpoint for REST the way its tRPC procedure runs, without tRPC's caller in front (which
 * cost about as much CPU as a warm quote's own work in the service): the caller's key and rate limit, the
 * input (aliases, then the schema), the answer, and the output checked against its schema. A bad input is
 * the caller's error (INVALID_INPUT naming the field); an answer outside its schema is ours (INTERNAL).
 */
import { AppError } from '@/server/errors';
import { servedEndpoint } from './endpoint-map';
import type { ServedEndpoint } from './served-endpoint';
import { authorize, type RequestContext } from './trpc';

export async function runServedEndpoint(served: ServedEndpoint, ctx: RequestContext, raw: unknown): Promise<unknown> {
  const { endpoint } = served;
  const principal = endpoint.auth ? await authorize(ctx, endpoint.method === 'GET' ? 'query' : 'mutation') : undefined;
  const parsed = served.input.parse(raw);
  const answer = await served.answer({ ...ctx, principal }, parsed);
  const checked = endpoint.output.safeParse(answer);
  if (!checked.success) throw new AppError('INTERNAL', 'The answer did not match its documented shape.', { cause: checked.error });
  return checked.data;
}

/** runServedEndpoint by procedure name (`v2.quote`), for callers that hold the name rather than the endpoint. */
export async function runEndpoint(procedure: string, ctx: RequestContext, raw: unknown): Promise<unknown> {
  return runServedEndpoint(servedEndpoint(procedure), ctx, raw);
}
