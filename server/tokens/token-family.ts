/**
 * What a chain family brings to the token layer: each module asks for its own part (token-info's reads,
 * price-history, markets, the audit's checks and permit read, the tax probe), and a family's object is all of
 * them (`evm-token-family.ts`, `solana-token-family.ts`), joined with the other layers' parts by the
 * composition root (server/family-services.ts).
 */
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import type { AuditFamilyPart } from './audit/audit-token';
import type { PriceHistoryPart } from './price-history';
import type { TaxReport } from './tax-probe';
import type { TokenInfoPart } from './token-info';
import type { MarketsPart } from './token-markets';

export interface TaxProbePart {
  probeTaxes(chain: ConfiguredChain, token: string): Promise<TaxReport>;
}

export type TokenFamily = TokenInfoPart & PriceHistoryPart & MarketsPart & AuditFamilyPart & TaxProbePart;
