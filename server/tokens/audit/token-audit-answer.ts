/**
 * `/api/v1/token-audit`: the chain (auto-detected when omitted), then the audit.
 */
import type { z } from 'zod';
import type { tokenAuditInput, tokenAuditOutput } from '@/server/api/contract/tokens';
import { detectChain } from '@/server/chains/detect-chain';
import type { Services } from '@/server/services';
import { createAuditDeps } from './audit-deps';
import { auditToken } from './audit-token';

export async function tokenAuditAnswer(
  services: Pick<Services, 'chains' | 'config'>, input: z.output<typeof tokenAuditInput>,
): Promise<z.input<typeof tokenAuditOutput>> {
  const chain = input.chain ?? (await detectChain(services.chains, input.token, { field: 'token' }));
  return { success: true, audit: await auditToken(createAuditDeps(services), chain, input.token) };
}
