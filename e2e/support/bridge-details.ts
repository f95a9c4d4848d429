/** What the e2e suites read of a bridge request's status `details` (the interface's BridgeDetails extension). */
export interface BridgeDetails {
  requestId: string;
  state: string;
  recipient: string;
  amountIn: string;
  amountOut: string;
  paidAmount: string | null;
  depositTxHash: string | null;
  fillTxHash: string | null;
  tokenIn?: string;
  tokenOut?: string;
  symbolIn?: string;
  symbolOut?: string;
  legs?: { kind: string; status: string; txHash: string | null }[];
}
