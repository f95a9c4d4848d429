import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/api/root';

type BridgeOutputs = inferRouterOutputs<AppRouter>['bridge'];

export type BridgeQuote = BridgeOutputs['quote'];
export type BridgeStatus = BridgeOutputs['status'];
export type BridgeDetails = BridgeOutputs['requests']['requests'][number];
