import { ENDPOINT_MAP } from './endpoint-map';
import { proceduresOf } from './endpoint-procedures';
import { bridgeRouter } from './routers/bridge';
import { tokensRouter } from './routers/tokens';
import { transactionsRouter } from './routers/transactions';
import { createCallerFactory, router } from './trpc';

/** The contract endpoints come from the endpoint map; tokens, transactions and part of bridge are the pages' own. */
export const appRouter = router({
  system: router(proceduresOf(ENDPOINT_MAP.system)),
  v1: router(proceduresOf(ENDPOINT_MAP.v1)),
  v2: router(proceduresOf(ENDPOINT_MAP.v2)),
  bridge: bridgeRouter,
  dev: router(proceduresOf(ENDPOINT_MAP.dev)),
  tokens: tokensRouter,
  transactions: transactionsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
