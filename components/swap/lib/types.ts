import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/api/root';

type Outputs = inferRouterOutputs<AppRouter>;

export type Quote = Outputs['v2']['quote'];
export type TradeRecord = Outputs['v2']['history']['trades'][number];
