/**
 * The address book's entries, chain by chain (see address-book.ts for what an entry holds and the rules):
 * every one names the documentation page it was read from. The chains from Abstract on are in address-book-newer-chains.ts.
 */
import type { ChainAddressBook } from './address-book';
import {
  CIRCLE_USDC,
  MULTICALL3,
  MULTICALL3_DEPLOYMENTS,
  PANCAKE_V2_ADDRESSES,
  PANCAKE_V3_SHARED,
  TETHER_PROTOCOLS,
  UNISWAP_V2_DEPLOYMENTS,
  UNISWAP_V2_PAIR_INIT_CODE_HASH,
  UNISWAP_V3_POOL_INIT_CODE_HASH,
  UNISWAP_V4_DEPLOYMENTS,
  USDT0_DEPLOYMENTS,
  uniswapV3Deployments,
} from './address-book-shared';
import { NEWER_CHAIN_ENTRIES } from './address-book-newer-chains';
import type { EvmChainId } from './registry';

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

  ...NEWER_CHAIN_ENTRIES,
};
