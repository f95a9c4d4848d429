/**
 * The address book's entries, chain by chain (see address-book.ts for what an entry holds and the rules):
 * every one names the documentation page it was read from.
 */
import type { ChainAddressBook, PancakeV3Entry } from './address-book';
import type { EvmChainId } from './registry';

// The pages the entries were read from. Uniswap's documentation moved to developers.uniswap.org; chains listed only
// there (X Layer, HyperEVM) cite the new pages, the others the docs.uniswap.org pages that list them.

const UNISWAP_V2_DEPLOYMENTS = 'https://docs.uniswap.org/contracts/v2/reference/smart-contracts/v2-deployments';
const UNISWAP_V2_DEPLOYMENTS_CURRENT = 'https://developers.uniswap.org/docs/protocols/v2/deployments';
const UNISWAP_V4_DEPLOYMENTS = 'https://docs.uniswap.org/contracts/v4/deployments';
const UNISWAP_V4_DEPLOYMENTS_CURRENT = 'https://developers.uniswap.org/docs/protocols/v4/deployments';
const uniswapV3Deployments = (page: string) => `https://docs.uniswap.org/contracts/v3/reference/deployments/${page}`;
const uniswapV3DeploymentsCurrent = (page: string) => `https://developers.uniswap.org/docs/protocols/v3/deployments/${page}`;
const PANCAKE_V3_ADDRESSES = 'https://developer.pancakeswap.finance/contracts/v3/addresses';
const PANCAKE_V2_ADDRESSES = 'https://developer.pancakeswap.finance/contracts/v2/addresses';
const MULTICALL3_DEPLOYMENTS = 'https://multicall3.com/deployments';
const CIRCLE_USDC = 'https://developers.circle.com/stablecoins/usdc-contract-addresses';
const USDT0_DEPLOYMENTS = 'https://docs.usdt0.to/technical-documentation/deployments';
const TETHER_PROTOCOLS = 'https://tether.to/en/supported-protocols';

/** The address Multicall3's keyless deployment transaction gives it on every chain where it could be sent. */
const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11';

/**
 * keccak256 of UniswapV2Pair's creation code, as docs.uniswap.org gives it for computing pair addresses
 * (contracts/v2/guides/smart-contract-integration/getting-pair-addresses). The deployments page lists no other hash
 * for any chain; the test recomputes it from @uniswap/v2-core.
 */
const UNISWAP_V2_PAIR_INIT_CODE_HASH = '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f';
/**
 * keccak256 of UniswapV3Pool's creation code: the SDK's POOL_INIT_CODE_HASH (docs.uniswap.org/sdk/v3/reference/overview).
 * Every chain below states a deployment from @uniswap/v3-core 1.0.0.
 */
const UNISWAP_V3_POOL_INIT_CODE_HASH = '0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54';

/**
 * PancakeSwap V3 shares one set of addresses on BSC, Ethereum, Arbitrum, Base and Monad (its addresses page).
 * The init code hash and the tiers are the v3 SDK's (pancake-frontend packages/v3-sdk/src/constants.ts: POOL_INIT_CODE_HASH,
 * FeeAmount); the tiers' 0.25 % in place of Uniswap's 0.3 % is also on the developer FAQ. The router is the plain V3
 * SwapRouter (Uniswap's SwapRouter interface), not the Smart Router.
 */
const PANCAKE_V3_SHARED: PancakeV3Entry = {
  source: PANCAKE_V3_ADDRESSES,
  factory: '0x0BFbCF9fa4f9C56B0F40a671Ad40E0805A091865',
  poolDeployer: '0x41ff9AA7e16B8B1a8a8dc4f0eFacd93D02d071c9',
  quoterV2: '0xB048Bbc1Ee6b733FFfCFb9e9CeF7375518e25997',
  swapRouter: '0x1b81D678ffb9C0263b24A97847620C99d213eB14',
  initCodeHash: '0x6ce8eb472fa82df5469c6ab6d485f17c3ad13c8cd7af59b3d4a8026c5ce0f7e2',
  feeTiers: [100, 500, 2500, 10000],
};

export const ADDRESS_BOOK: Readonly<Partial<Record<EvmChainId, ChainAddressBook>>> = {
  // Left out: USDT (Base's is a bridged token that no issuer page lists); PancakeSwap V2 (0.25 % fee, not the engine's
  // Uniswap V2 math).
  BASE: {
    wrappedNative: { source: uniswapV3Deployments('base-deployments'), symbol: 'WETH', address: '0x4200000000000000000000000000000000000006', decimals: 18 },
    stables: [{ source: CIRCLE_USDC, symbol: 'USDC', address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', decimals: 6 }],
    multicall3: { source: MULTICALL3_DEPLOYMENTS, address: MULTICALL3 },
    uniswapV2: {
      source: UNISWAP_V2_DEPLOYMENTS,
      factory: '0x8909Dc15e40173Ff4699343b6eB8132c65e18eC6',
      router02: '0x4752ba5DBc23f44D87826276BF6Fd6b1C372aD24',
      initCodeHash: UNISWAP_V2_PAIR_INIT_CODE_HASH,
    },
    uniswapV3: {
      source: uniswapV3Deployments('base-deployments'),
      factory: '0x33128a8fC17869897dcE68Ed026d694621f6FDfD',
      quoterV2: '0x3d4e44Eb1374240CE5F1B871ab261CD16335B76a',
      swapRouter02: '0x2626664c2603336E57B271c5C0b26F421741e481',
      initCodeHash: UNISWAP_V3_POOL_INIT_CODE_HASH,
    },
    uniswapV4: {
      source: UNISWAP_V4_DEPLOYMENTS,
      poolManager: '0x498581fF718922c3f8e6A244956aF099B2652b2b',
      v4Quoter: '0x0d5e0F971ED27FBfF6c2837bf31316121532048D',
      stateView: '0xA3c0c9b65baD0b08107Aa264b0f3dB444b867A71',
    },
    pancakeswapV3: PANCAKE_V3_SHARED,
  },

  // Left out: PancakeSwap V2 (0.25 % fee); DAI and other stables (the engine's main stables are USDC and USDT).
  ETH: {
    wrappedNative: {
      source: uniswapV3Deployments('ethereum-deployments'),
      symbol: 'WETH',
      address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
      decimals: 18,
    },
    stables: [
      { source: CIRCLE_USDC, symbol: 'USDC', address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', decimals: 6 },
      { source: TETHER_PROTOCOLS, symbol: 'USDT', address: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6 },
    ],
    multicall3: { source: MULTICALL3_DEPLOYMENTS, address: MULTICALL3 },
    uniswapV2: {
      source: UNISWAP_V2_DEPLOYMENTS,
      factory: '0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f',
      router02: '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D',
      initCodeHash: UNISWAP_V2_PAIR_INIT_CODE_HASH,
    },
    uniswapV3: {
      source: uniswapV3Deployments('ethereum-deployments'),
      factory: '0x1F98431c8aD98523631AE4a59f267346ea31F984',
      quoterV2: '0x61fFE014bA17989E743c5F6cB21bF9697530B21e',
      swapRouter02: '0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45',
      initCodeHash: UNISWAP_V3_POOL_INIT_CODE_HASH,
    },
    uniswapV4: {
      source: UNISWAP_V4_DEPLOYMENTS,
      poolManager: '0x000000000004444c5dc75cB358380D2e3dE08A90',
      v4Quoter: '0x52F0E24D1c21C8A0cB1e5a5dD6198556BD9E1203',
      stateView: '0x7fFE42C4a5DEeA5b0feC41C94C136Cf115597227',
    },
    pancakeswapV3: PANCAKE_V3_SHARED,
  },

  // Neither Circle nor Tether issues on BSC: USDT and USDC here are Binance-Peg tokens with 18 decimals, as
  // PancakeSwap's developer pages use them.
  BSC: {
    wrappedNative: { source: uniswapV3Deployments('bnb-deployments'), symbol: 'WBNB', address: '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c', decimals: 18 },
    stables: [
      {
        source: 'https://developer.pancakeswap.finance/contracts/unified-swap-api/overview',
        symbol: 'USDT',
        address: '0x55d398326f99059fF775485246999027B3197955',
        decimals: 18,
      },
      { source: 'https://developer.pancakeswap.finance/sdks/v3-sdk', symbol: 'USDC', address: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', decimals: 18 },
    ],
    multicall3: { source: MULTICALL3_DEPLOYMENTS, address: MULTICALL3 },
    uniswapV2: {
      source: UNISWAP_V2_DEPLOYMENTS,
      factory: '0x8909Dc15e40173Ff4699343b6eB8132c65e18eC6',
      router02: '0x4752ba5DBc23f44D87826276BF6Fd6b1C372aD24',
      initCodeHash: UNISWAP_V2_PAIR_INIT_CODE_HASH,
    },
    uniswapV3: {
      source: uniswapV3Deployments('bnb-deployments'),
      factory: '0xdB1d10011AD0Ff90774D0C6Bb92e5C5c8b4461F7',
      quoterV2: '0x78D78E420Da98ad378D7799bE8f4AF69033EB077',
      swapRouter02: '0xB971eF87ede563556b2ED4b1C0b0019111Dd85d2',
      initCodeHash: UNISWAP_V3_POOL_INIT_CODE_HASH,
    },
    uniswapV4: {
      source: UNISWAP_V4_DEPLOYMENTS,
      poolManager: '0x28e2Ea090877bF75740558f6BFB36A5ffeE9e9dF',
      v4Quoter: '0x9F75dD27D6664c475B90e105573E550ff69437B0',
      stateView: '0xd13Dd3D6E93f276FAfc9Db9E6BB47C1180aeE0c4',
    },
    pancakeswapV3: PANCAKE_V3_SHARED,
    // Factory and router from its v2 addresses page (BSC row). The init code hash is the v2 SDK's INIT_CODE_HASH
    // (@pancakeswap/v2-sdk src/constants.ts); the 0.25 % is the fee its SDK's getAmountOut takes (9975/10000).
    pancakeswapV2: {
      source: PANCAKE_V2_ADDRESSES,
      factory: '0xcA143Ce32Fe78f1f7019d7d551a6402fC5350c73',
      router02: '0x10ED43C718714eb63d5aA57B78B54704E256024E',
      initCodeHash: '0x00fb7f630766e6a796048ea87d01acd3068e8ff67d078148a3fa3f4a84f69bd5',
      fee: 2500,
    },
  },

  // Left out: USDC.e (the bridged USDC Circle's page no longer lists); PancakeSwap V2 (0.25 % fee).
  ARB: {
    wrappedNative: {
      source: uniswapV3Deployments('arbitrum-deployments'),
      symbol: 'WETH',
      address: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1',
      decimals: 18,
    },
    stables: [
      { source: CIRCLE_USDC, symbol: 'USDC', address: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', decimals: 6 },
      { source: USDT0_DEPLOYMENTS, symbol: 'USDT0', address: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', decimals: 6 },
    ],
    multicall3: { source: MULTICALL3_DEPLOYMENTS, address: MULTICALL3 },
    uniswapV2: {
      source: UNISWAP_V2_DEPLOYMENTS,
      factory: '0xf1D7CC64Fb4452F05c498126312eBE29f30Fbcf9',
      router02: '0x4752ba5DBc23f44D87826276BF6Fd6b1C372aD24',
      initCodeHash: UNISWAP_V2_PAIR_INIT_CODE_HASH,
    },
    uniswapV3: {
      source: uniswapV3Deployments('arbitrum-deployments'),
      factory: '0x1F98431c8aD98523631AE4a59f267346ea31F984',
      quoterV2: '0x61fFE014bA17989E743c5F6cB21bF9697530B21e',
      swapRouter02: '0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45',
      initCodeHash: UNISWAP_V3_POOL_INIT_CODE_HASH,
    },
    uniswapV4: {
      source: UNISWAP_V4_DEPLOYMENTS,
      poolManager: '0x360E68faCcca8cA495c1B759Fd9EEe466db9FB32',
      v4Quoter: '0x3972C00f7ed4885e145823eb7C655375d275A1C5',
      stateView: '0x76Fd297e2D437cd7f76d50F01AfE6160f86e9990',
    },
    pancakeswapV3: PANCAKE_V3_SHARED,
  },

  // Left out: USDC.e / USDT.e (bridged tokens, no issuer page); PancakeSwap documents no Avalanche deployment.
  AVAX: {
    wrappedNative: { source: uniswapV3Deployments('avax-deployments'), symbol: 'WAVAX', address: '0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7', decimals: 18 },
    stables: [
      { source: CIRCLE_USDC, symbol: 'USDC', address: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', decimals: 6 },
      { source: TETHER_PROTOCOLS, symbol: 'USDT', address: '0x9702230A8Ea53601f5cD2dc00fDBc13d4dF4A8c7', decimals: 6 },
    ],
    multicall3: { source: MULTICALL3_DEPLOYMENTS, address: MULTICALL3 },
    uniswapV2: {
      source: UNISWAP_V2_DEPLOYMENTS,
      factory: '0x9e5A52f57b3038F1B8EeE45F28b3C1967e22799C',
      router02: '0x4752ba5DBc23f44D87826276BF6Fd6b1C372aD24',
      initCodeHash: UNISWAP_V2_PAIR_INIT_CODE_HASH,
    },
    uniswapV3: {
      source: uniswapV3Deployments('avax-deployments'),
      factory: '0x740b1c1de25031C31FF4fC9A62f554A55cdC1baD',
      quoterV2: '0xbe0F5544EC67e9B3b2D979aaA43f18Fd87E6257F',
      swapRouter02: '0xbb00FF08d01D300023C629E8fFfFcb65A5a578cE',
      initCodeHash: UNISWAP_V3_POOL_INIT_CODE_HASH,
    },
    uniswapV4: {
      source: UNISWAP_V4_DEPLOYMENTS,
      poolManager: '0x06380C0e0912312B5150364B9DC4542BA0DbBc85',
      v4Quoter: '0xbE40675BB704506a3c2Ccfb762DCFd1e979845C2',
      stateView: '0xc3c9e198C735a4b97e3e683f391cCBDD60B69286',
    },
  },

  // Abstract is a zkSync-stack chain: CREATE2 addresses are derived from a bytecode hash, so the Uniswap V2 and V3
  // deployments its docs list (pair hash 0x0100065f…, pool hash 0x010013f1…) do not follow the engine's address math
  // and are left out; Multicall3 too sits at an address of its own there (the list gives it). Left out too: USDT
  // (listed without its decimals). USDC is the bridged USDC.e.
  ABS: {
    wrappedNative: {
      source: 'https://docs.abs.xyz/tooling/deployed-contracts',
      symbol: 'WETH',
      address: '0x3439153EB7AF838Ad19d56E1571FBD09333C2809',
      decimals: 18,
    },
    stables: [
      { source: 'https://docs.abs.xyz/tooling/deployed-contracts', symbol: 'USDC.e', address: '0x84A71ccD554Cc1b02749b35d22F684CC8ec987e1', decimals: 6 },
    ],
    multicall3: { source: MULTICALL3_DEPLOYMENTS, address: '0xF9cda624FBC7e059355ce98a31693d299FACd963' },
  },

  // Uniswap lists V3 only on HyperEVM (no V2, no V4). Left out: HyperSwap, Project X and other forks (not engine
  // venues). The order of the two stables against WHYPE is a judgment, not a measured depth.
  HYPE: {
    wrappedNative: {
      source: 'https://hyperliquid.gitbook.io/hyperliquid-docs/for-developers/hyperevm/wrapped-hype',
      symbol: 'WHYPE',
      address: '0x5555555555555555555555555555555555555555',
      decimals: 18,
    },
    stables: [
      { source: CIRCLE_USDC, symbol: 'USDC', address: '0xb88339CB7199b77E23DB6E890353E22632Ba630f', decimals: 6 },
      { source: USDT0_DEPLOYMENTS, symbol: 'USDT0', address: '0xB8CE59FC3717ada4C02eaDF9682A9e934F625ebb', decimals: 6 },
    ],
    multicall3: { source: MULTICALL3_DEPLOYMENTS, address: MULTICALL3 },
    uniswapV3: {
      source: uniswapV3DeploymentsCurrent('v3-hyperevm-deployments'),
      factory: '0xf0db7b58379503491d857dB50AC9ece64c653918',
      quoterV2: '0x7DfD4F31be6814D2906BDE155c3e1B146EAc1468',
      swapRouter02: '0x7AdF4701AbCDBc5Dcf5Cb58B526f897e048F0D11',
      initCodeHash: UNISWAP_V3_POOL_INIT_CODE_HASH,
    },
  },

  // Uniswap lists V4 only on Ink (no V2, no V3). WETH is the OP Stack predeploy. Left out: USDC.e (bridged).
  INK: {
    wrappedNative: {
      source: 'https://specs.optimism.io/protocol/predeploys.html',
      symbol: 'WETH',
      address: '0x4200000000000000000000000000000000000006',
      decimals: 18,
    },
    stables: [
      { source: USDT0_DEPLOYMENTS, symbol: 'USDT0', address: '0x0200C29006150606B650577BBE7B6248F58470c1', decimals: 6 },
      { source: CIRCLE_USDC, symbol: 'USDC', address: '0x2D270e6886d130D724215A266106e6832161EAEd', decimals: 6 },
    ],
    multicall3: { source: MULTICALL3_DEPLOYMENTS, address: MULTICALL3 },
    uniswapV4: {
      source: UNISWAP_V4_DEPLOYMENTS,
      poolManager: '0x360E68faCcca8cA495c1B759Fd9EEe466db9FB32',
      v4Quoter: '0x3972C00f7ed4885e145823eb7C655375d275A1C5',
      stateView: '0x76Fd297e2D437cd7f76d50F01AfE6160f86e9990',
    },
  },

  // STORY is absent: WIP (0x1514000000000000000000000000000000000000, Story's deployed-contracts page) and Multicall3
  // (on the list) are documented, but no stable is (Circle, Tether and USDT0 list none on Story, nor do Story's
  // docs), and a chain's entry needs one. No Uniswap or PancakeSwap deployment is documented there either.

  // WOKB and all three Uniswap versions are on Uniswap's current pages only. Left out: USDC (Circle lists none on
  // X Layer; the USDC there is bridged).
  XLAYER: {
    wrappedNative: {
      source: uniswapV3DeploymentsCurrent('v3-xlayer-deployments'),
      symbol: 'WOKB',
      address: '0xe538905cf8410324e03A5A23C1c177a474D59b2b',
      decimals: 18,
    },
    stables: [{ source: USDT0_DEPLOYMENTS, symbol: 'USDT0', address: '0x779Ded0c9e1022225f8E0630b35a9b54bE713736', decimals: 6 }],
    multicall3: { source: MULTICALL3_DEPLOYMENTS, address: MULTICALL3 },
    uniswapV2: {
      source: UNISWAP_V2_DEPLOYMENTS_CURRENT,
      factory: '0xDf38F24fE153761634Be942F9d859f3DBA857E95',
      router02: '0x182a927119D56008d921126764bF884221b10f59',
      initCodeHash: UNISWAP_V2_PAIR_INIT_CODE_HASH,
    },
    uniswapV3: {
      source: uniswapV3DeploymentsCurrent('v3-xlayer-deployments'),
      factory: '0x4B2ab38DBF28D31D467aA8993f6c2585981D6804',
      quoterV2: '0xD1b797D92d87B688193A2B976eFc8D577D204343',
      swapRouter02: '0x4f0C28f5926AFDA16bf2506D5D9e57Ea190f9bcA',
      initCodeHash: UNISWAP_V3_POOL_INIT_CODE_HASH,
    },
    uniswapV4: {
      source: UNISWAP_V4_DEPLOYMENTS_CURRENT,
      poolManager: '0x360E68faCcca8cA495c1B759Fd9EEe466db9FB32',
      v4Quoter: '0x8928074CA1b241D8Ec02815881c1Af11E8bC5219',
      stateView: '0x76Fd297e2D437cd7f76d50F01AfE6160f86e9990',
    },
  },

  // WXPL is read from Plasma's published token list (PlasmaLaboratories/plasma-tokenlist), the only Plasma source
  // found that names it. Left out: Multicall3 (not on the list nor on a Plasma page); no Uniswap or PancakeSwap
  // deployment is documented on Plasma.
  PLASMA: {
    wrappedNative: {
      source: 'https://github.com/PlasmaLaboratories/plasma-tokenlist',
      symbol: 'WXPL',
      address: '0x6100E367285b01F48D07953803A2d8dCA5D19873',
      decimals: 18,
    },
    stables: [{ source: USDT0_DEPLOYMENTS, symbol: 'USDT0', address: '0xB8CE59FC3717ada4C02eaDF9682A9e934F625ebb', decimals: 6 }],
  },

  // Multicall3 is cited from the OP Stack's preinstalls (Unichain is an OP Stack chain; the deployments list does not
  // name it). Left out: PancakeSwap documents no Unichain deployment.
  UNI: {
    wrappedNative: {
      source: uniswapV3Deployments('unichain-deployments'),
      symbol: 'WETH',
      address: '0x4200000000000000000000000000000000000006',
      decimals: 18,
    },
    stables: [
      { source: CIRCLE_USDC, symbol: 'USDC', address: '0x078D782b760474a361dDA0AF3839290b0EF57AD6', decimals: 6 },
      { source: USDT0_DEPLOYMENTS, symbol: 'USDT0', address: '0x9151434b16b9763660705744891fA906F660EcC5', decimals: 6 },
    ],
    multicall3: { source: 'https://specs.optimism.io/protocol/preinstalls.html', address: MULTICALL3 },
    uniswapV2: {
      source: UNISWAP_V2_DEPLOYMENTS,
      factory: '0x1F98400000000000000000000000000000000002',
      router02: '0x284F11109359a7e1306C3e447ef14D38400063FF',
      initCodeHash: UNISWAP_V2_PAIR_INIT_CODE_HASH,
    },
    uniswapV3: {
      source: uniswapV3Deployments('unichain-deployments'),
      factory: '0x1F98400000000000000000000000000000000003',
      quoterV2: '0x385A5cf5F83e99f7BB2852b6A19C3538b9FA7658',
      swapRouter02: '0x73855d06DE49d0fe4A9c42636Ba96c62da12FF9C',
      initCodeHash: UNISWAP_V3_POOL_INIT_CODE_HASH,
    },
    uniswapV4: {
      source: UNISWAP_V4_DEPLOYMENTS,
      poolManager: '0x1F98400000000000000000000000000000000004',
      v4Quoter: '0x333E3C607B141b18fF6de9f258db6e77fE7491E0',
      stateView: '0x86e8631A016F9068C3f085fAF484Ee3F5fDee8f2',
    },
  },

  // Left out: AUSD and the other dollar tokens Monad lists (bridged or third-party issued); PancakeSwap V2
  // (0.25 % fee).
  MONAD: {
    wrappedNative: {
      source: 'https://docs.monad.xyz/developer-essentials/network-information',
      symbol: 'WMON',
      address: '0x3bd359C1119dA7Da1D913D1C4D2B7c461115433A',
      decimals: 18,
    },
    stables: [
      { source: CIRCLE_USDC, symbol: 'USDC', address: '0x754704Bc059F8C67012fEd69BC8A327a5aafb603', decimals: 6 },
      { source: USDT0_DEPLOYMENTS, symbol: 'USDT0', address: '0xe7cd86e13AC4309349F30B3435a9d337750fC82D', decimals: 6 },
    ],
    multicall3: { source: 'https://docs.monad.xyz/developer-essentials/network-information', address: MULTICALL3 },
    uniswapV2: {
      source: UNISWAP_V2_DEPLOYMENTS,
      factory: '0x182a927119D56008d921126764bF884221b10f59',
      router02: '0x4B2ab38DBF28D31D467aA8993f6c2585981D6804',
      initCodeHash: UNISWAP_V2_PAIR_INIT_CODE_HASH,
    },
    uniswapV3: {
      source: uniswapV3Deployments('monad-deployments'),
      factory: '0x204FAca1764B154221e35c0d20aBb3c525710498',
      quoterV2: '0x661E93cca42AfacB172121EF892830cA3b70F08d',
      swapRouter02: '0xfE31F71C1b106EAc32F1A19239c9a9A72ddfb900',
      initCodeHash: UNISWAP_V3_POOL_INIT_CODE_HASH,
    },
    uniswapV4: {
      source: UNISWAP_V4_DEPLOYMENTS,
      poolManager: '0x188d586Ddcf52439676Ca21A244753fA19F9Ea8e',
      v4Quoter: '0xa222Dd357A9076d1091Ed6Aa2e16C9742dD26891',
      stateView: '0x77395F3b2E73aE90843717371294fa97cC419D64',
    },
    pancakeswapV3: PANCAKE_V3_SHARED,
  },

  // Left out: Multicall3 (neither on the list nor on a MegaETH page found); USDm, MegaETH's own dollar, for want of
  // an issuer page giving its address. USDT0 stands alone though USDm may be the deeper pair against WETH.
  MEGAETH: {
    wrappedNative: { source: uniswapV3Deployments('megaeth-deployments'), symbol: 'WETH', address: '0x4200000000000000000000000000000000000006', decimals: 18 },
    stables: [{ source: USDT0_DEPLOYMENTS, symbol: 'USDT0', address: '0xB8CE59FC3717ada4C02eaDF9682A9e934F625ebb', decimals: 6 }],
    uniswapV2: {
      source: UNISWAP_V2_DEPLOYMENTS,
      factory: '0xbf56488c857A881ae7e3BED27Cf99c10A7Ab7e50',
      router02: '0xb73055db2B3A3EaE87a331DD88e4a80b43602690',
      initCodeHash: UNISWAP_V2_PAIR_INIT_CODE_HASH,
    },
    uniswapV3: {
      source: uniswapV3Deployments('megaeth-deployments'),
      factory: '0x3a5F0CD7d62452b7f899B2A5758BFa57be0dE478',
      quoterV2: '0x31DB60C6a4C71909674094b404597762DF424AE7',
      swapRouter02: '0x48020De9208baFC183F5CAd5118FFbe8f0F913F5',
      initCodeHash: UNISWAP_V3_POOL_INIT_CODE_HASH,
    },
    uniswapV4: {
      source: UNISWAP_V4_DEPLOYMENTS,
      poolManager: '0xaCB7e78fa05D562e0A5D3089ec896D57D057d38E',
      v4Quoter: '0x94bDC671f0c35F44a1DaA53143fd1f868D1623b9',
      stateView: '0x726f84e1DFb8d375a365e0808282f40D52D3E4e8',
    },
  },
};
