/** GET /api/v1/pool-info's answer as the tests read it (2.5 poolInfo, and `dynamicFee` for V4 pools). */
export interface PoolInfoBody {
  success: boolean;
  error: string | null;
  code?: string;
  field?: string;
  poolInfo: {
    address: string;
    type: string;
    factory: string;
    hooks: string;
    router: string;
    quoter: string;
    owner: string;
    to: string;
    chain: string;
    fee: number;
    dynamicFee?: boolean;
    realFee: number;
    tickSpacing: number;
    blockNumber: number;
    createdAt: number;
    liquidity: number;
    marketCap: number;
    priceNative: number;
    token: { address: string; name: string; symbol: string; decimals: number; totalSupply: string };
    quote: { address: string; name: string; symbol: string; decimals: number; totalSupply: string };
  };
}
