'use client';

import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@/server/api/root';

/** Typed tRPC hooks for the pages; the client and query cache come from AppProviders. */
export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();
