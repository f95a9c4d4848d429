import { bridgeRouter } from './routers/bridge';
import { devRouter } from './routers/dev';
import { systemRouter } from './routers/system';
import { tokensRouter } from './routers/tokens';
import { transactionsRouter } from './routers/transactions';
import { v1Router } from './routers/v1';
import { v2Router } from './routers/v2';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  system: systemRouter,
  v1: v1Router,
  v2: v2Router,
  bridge: bridgeRouter,
  dev: devRouter,
  tokens: tokensRouter,
  transactions: transactionsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
