import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/api/root';

type Outputs = inferRouterOutputs<AppRouter>;

export type TokenInfo = Outputs['v1']['tokenInfo'];
export type TokenAudit = Outputs['v1']['tokenAudit']['audit'];
export type AuditCheck = TokenAudit['checks'][number];
