/**
 * A third-party audit provider behind one interface (GoPlus for EVM chains, RugCheck for Solana). An
 * adapter never throws and never guesses: an unset URL, a network error, a timeout, a non-2xx answer or a
 * body of an unexpected shape all give `unavailable` with the reason; an answer that says the provider could
 * not check everything (and found no danger in what it could) gives `unverified` with what is missing.
 * Unknown is never clean.
 */
import type { z } from 'zod';
import type { ChainInfo } from '@/server/chains/registry';

export interface ProviderReport {
  name: string;
  /** ok: the provider checked the token; unverified: it answered but could not check all of it; unavailable: no answer. */
  status: 'ok' | 'unverified' | 'unavailable';
  /** The provider's own verdict, in our words (clean, caution, danger, honeypot); only when status is ok. */
  verdict?: string;
  detail?: string;
}

export interface ProviderAdapter {
  name: string;
  /** Whether the provider covers this chain at all; adapters that do not are not asked. */
  covers(chain: ChainInfo): boolean;
  report(chain: ChainInfo, token: string): Promise<ProviderReport>;
}

export interface ProviderOptions {
  /** Base URL of the provider's API; unset offline. */
  baseUrl: string | undefined;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export const PROVIDER_TIMEOUT_MS = 1_500;

export type FetchedBody<T> = { ok: true; body: T } | { ok: false; detail: string };

/** GETs a JSON body and validates it; every way it can fail becomes a reason instead of an exception. */
export async function fetchProviderJson<S extends z.ZodType>(
  name: string,
  options: ProviderOptions,
  url: string,
  schema: S,
): Promise<FetchedBody<z.output<S>>> {
  let response: Response;
  const timeoutMs = options.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  try {
    response = await (options.fetch ?? fetch)(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return { ok: false, detail: timedOut ? `${name} did not answer within ${timeoutMs} ms.` : `${name} could not be reached.` };
  }
  if (!response.ok) return { ok: false, detail: `${name} answered HTTP ${response.status}.` };
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    return { ok: false, detail: `${name} answered with something that is not JSON.` };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) return { ok: false, detail: `${name} answered in an unexpected shape.` };
  return { ok: true, body: parsed.data };
}

/**
 * A provider this server is not set up to ask (its URL unset, as offline): said plainly, without naming the
 * server's configuration, since visitors read it beside the audit and in quote warnings.
 */
export const NOT_CONSULTED = 'Not checked: this provider was not consulted.';

export function unavailable(name: string, detail: string): ProviderReport {
  return { name, status: 'unavailable', detail };
}

export function unverified(name: string, detail: string): ProviderReport {
  return { name, status: 'unverified', detail };
}

export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
