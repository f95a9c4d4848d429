/**
 * What the address book's entries share: the documentation pages they cite, and the addresses, init code hashes
 * and venue entries that are the same on several chains (the per-chain table is address-book-entries.ts and
 * address-book-newer-chains.ts).
 */
import type { PancakeV3Entry } from './address-book';

// The pages the entries were read from. Uniswap's documentation moved to developers.uniswap.org; chains listed only
// there (X Layer, HyperEVM) cite the new pages, the others the docs.uniswap.org pages that list them.

export const UNISWAP_V2_DEPLOYMENTS = 'https://docs.uniswap.org/contracts/v2/reference/smart-contracts/v2-deployments';
export const UNISWAP_V2_DEPLOYMENTS_CURRENT = 'https://developers.uniswap.org/docs/protocols/v2/deployments';
export const UNISWAP_V4_DEPLOYMENTS = 'https://docs.uniswap.org/contracts/v4/deployments';
export const UNISWAP_V4_DEPLOYMENTS_CURRENT = 'https://developers.uniswap.org/docs/protocols/v4/deployments';
export const uniswapV3Deployments = (page: string) => `https://docs.uniswap.org/contracts/v3/reference/deployments/${page}`;
export const uniswapV3DeploymentsCurrent = (page: string) => `https://developers.uniswap.org/docs/protocols/v3/deployments/${page}`;
const PANCAKE_V3_ADDRESSES = 'https://developer.pancakeswap.finance/contracts/v3/addresses';
export const PANCAKE_V2_ADDRESSES = 'https://developer.pancakeswap.finance/contracts/v2/addresses';
export const MULTICALL3_DEPLOYMENTS = 'https://multicall3.com/deployments';
export const CIRCLE_USDC = 'https://developers.circle.com/stablecoins/usdc-contract-addresses';
export const USDT0_DEPLOYMENTS = 'https://docs.usdt0.to/technical-documentation/deployments';
export const TETHER_PROTOCOLS = 'https://tether.to/en/supported-protocols';

/** The address Multicall3's keyless deployment transaction gives it on every chain where it could be sent. */
export const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11';

/**
 * keccak256 of UniswapV2Pair's creation code, as docs.uniswap.org gives it for computing pair addresses
 * (contracts/v2/guides/smart-contract-integration/getting-pair-addresses). The deployments page lists no other hash
 * for any chain; the test recomputes it from @uniswap/v2-core.
 */
export const UNISWAP_V2_PAIR_INIT_CODE_HASH = '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f';
/**
 * keccak256 of UniswapV3Pool's creation code: the SDK's POOL_INIT_CODE_HASH (docs.uniswap.org/sdk/v3/reference/overview).
 * Every chain below states a deployment from @uniswap/v3-core 1.0.0.
 */
export const UNISWAP_V3_POOL_INIT_CODE_HASH = '0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54';

/**
 * PancakeSwap V3 shares one set of addresses on BSC, Ethereum, Arbitrum, Base and Monad (its addresses page).
 * The init code hash and the tiers are the v3 SDK's (pancake-frontend packages/v3-sdk/src/constants.ts: POOL_INIT_CODE_HASH,
 * FeeAmount); the tiers' 0.25 % in place of Uniswap's 0.3 % is also on the developer FAQ. The router is the plain V3
 * SwapRouter (Uniswap's SwapRouter interface), not the Smart Router.
 */
export const PANCAKE_V3_SHARED: PancakeV3Entry = {
  source: PANCAKE_V3_ADDRESSES,
  factory: '0x0BFbCF9fa4f9C56B0F40a671Ad40E0805A091865',
  poolDeployer: '0x41ff9AA7e16B8B1a8a8dc4f0eFacd93D02d071c9',
  quoterV2: '0xB048Bbc1Ee6b733FFfCFb9e9CeF7375518e25997',
  swapRouter: '0x1b81D678ffb9C0263b24A97847620C99d213eB14',
  initCodeHash: '0x6ce8eb472fa82df5469c6ab6d485f17c3ad13c8cd7af59b3d4a8026c5ce0f7e2',
  feeTiers: [100, 500, 2500, 10000],
};
