import type { Endpoint } from './endpoint';
import { bridgeExecute, bridgeQuote, bridgeStatus } from './bridge';
import { balance, chains, priorityFees, tokenBalance } from './chain-data';
import { health } from './system';
import { poolInfo, tokenAudit, tokenInfo, v1Value, v2Value } from './tokens';
import { tradeHistory, v2Execute, v2Quote, v2Track } from './trading';
import { v1Execute, v1Quote } from './trading-v1';

/** Every endpoint of the public interface, in the order the document lists them. */
export const ENDPOINTS = [
  health,
  v2Quote,
  v2Execute,
  v1Quote,
  v1Execute,
  tokenInfo,
  tokenAudit,
  poolInfo,
  v1Value,
  v2Value,
  priorityFees,
  chains,
  balance,
  tokenBalance,
  bridgeQuote,
  bridgeExecute,
  bridgeStatus,
  v2Track,
  tradeHistory,
] as const satisfies readonly Endpoint[];

export type EndpointProcedure = (typeof ENDPOINTS)[number]['procedure'];
