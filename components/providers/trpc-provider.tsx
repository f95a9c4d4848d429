'use client';

import { createTRPCClient, httpBatchStreamLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@/server/api/root';

/** Typed tRPC hooks for the pages; the client and query cache come from AppProviders. */
export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

/**
 * The pages' tRPC client, carried by the session cookie. Batches are streamed: the answer is 200 and each
 * call's refusal travels in its body with its code. A refusal the page expects and explains (a quote that
 * cannot sell a honeypot, an address that is no token) then never shows in the browser's console as a failed
 * request; the same calls over plain HTTP keep the statuses of the one error table.
 */
export function createPageTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [httpBatchStreamLink({ url: '/api/trpc', fetch: (url, init) => fetch(url, { ...init, credentials: 'same-origin' }) })],
  });
}
