/**
 * Runs a contract endpoint for REST the way its tRPC procedure runs, without tRPC's caller in front (which
 * cost about as much CPU as a warm quote's own work in the service): the caller's key and rate limit, the
 * input (aliases, then the schema), the answer, and the output checked against its schema. A bad input is
 * the caller's error (INVALID_INPUT naming the field); an answer outside its schema is ours (INTERNAL).
 */
import { AppError } from '@/server/errors';
import './root';
import { registeredEndpoint } from './endpoint-registry';
import { authorize, endpointInput, type RequestContext } from './trpc';

const inputs = new Map<string, ReturnType<typeof endpointInput>>();

export async function runEndpoint(procedure: string, ctx: RequestContext, raw: unknown): Promise<unknown> {
  const { endpoint, resolve } = registeredEndpoint(procedure);
  const principal = endpoint.auth ? await authorize(ctx, endpoint.method === 'GET' ? 'query' : 'mutation') : undefined;
  let input = inputs.get(procedure);
  if (!input) inputs.set(procedure, (input = endpointInput(endpoint)));
  const parsed = input.parse(raw);
  const answer = await resolve({ ...ctx, principal }, parsed);
  const checked = endpoint.output.safeParse(answer);
  if (!checked.success) throw new AppError('INTERNAL', 'The answer did not match its documented shape.', { cause: checked.error });
  return checked.data;
}
