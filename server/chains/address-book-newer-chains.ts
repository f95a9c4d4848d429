/**
 * The address book's entries for the chains from Abstract on, in the same form and under the same rules as
 * address-book-entries.ts, which appends them to its table in this order.
 */
import type { ChainAddressBook } from './address-book';
import {
  CIRCLE_USDC,
  MULTICALL3,
  MULTICALL3_DEPLOYMENTS,
  PANCAKE_V3_SHARED,
  UNISWAP_V2_DEPLOYMENTS,
  UNISWAP_V2_DEPLOYMENTS_CURRENT,
  UNISWAP_V2_PAIR_INIT_CODE_HASH,
  UNISWAP_V3_POOL_INIT_CODE_HASH,
  UNISWAP_V4_DEPLOYMENTS,
  UNISWAP_V4_DEPLOYMENTS_CURRENT,
  USDT0_DEPLOYMENTS,
  uniswapV3Deployments,
  uniswapV3DeploymentsCurrent,
} from './address-book-shared';
import type { EvmChainId } from './registry';

export const NEWER_CHAIN_ENTRIES: Readonly<Partial<Record<EvmChainId, ChainAddressBook>>> = {
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
