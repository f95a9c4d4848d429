/**
 * The published build artifacts of WETH9, Uniswap V2/V3/V4 and PancakeSwap V3, read from node_modules. Deploying the very
 * bytecode that runs on mainnet keeps pair/pool init-code hashes (and so CREATE2 addresses) canonical.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Abi, Hex } from 'viem';

export interface Artifact {
  abi: Abi;
  bytecode: Hex;
}

const require = createRequire(import.meta.url);

export const ARTIFACT_FILES = {
  WETH9: '@uniswap/v2-periphery/build/WETH9.json',
  UniswapV2Factory: '@uniswap/v2-core/build/UniswapV2Factory.json',
  UniswapV2Pair: '@uniswap/v2-core/build/UniswapV2Pair.json',
  UniswapV2Router02: '@uniswap/v2-periphery/build/UniswapV2Router02.json',
  UniswapV3Factory: '@uniswap/v3-core/artifacts/contracts/UniswapV3Factory.sol/UniswapV3Factory.json',
  UniswapV3Pool: '@uniswap/v3-core/artifacts/contracts/UniswapV3Pool.sol/UniswapV3Pool.json',
  QuoterV2: '@uniswap/v3-periphery/artifacts/contracts/lens/QuoterV2.sol/QuoterV2.json',
  SwapRouter: '@uniswap/v3-periphery/artifacts/contracts/SwapRouter.sol/SwapRouter.json',
  NonfungiblePositionManager: '@uniswap/v3-periphery/artifacts/contracts/NonfungiblePositionManager.sol/NonfungiblePositionManager.json',
  PoolManager: '@uniswap/v4-core/out/PoolManager.sol/PoolManager.json',
  PoolModifyLiquidityTest: '@uniswap/v4-core/out/PoolModifyLiquidityTest.sol/PoolModifyLiquidityTest.json',
  V4Quoter: '@uniswap/v4-periphery/foundry-out/V4Quoter.sol/V4Quoter.json',
  PancakeV3Factory: '@pancakeswap/v3-core/artifacts/contracts/PancakeV3Factory.sol/PancakeV3Factory.json',
  PancakeV3Pool: '@pancakeswap/v3-core/artifacts/contracts/PancakeV3Pool.sol/PancakeV3Pool.json',
} as const;

export type ArtifactName = keyof typeof ARTIFACT_FILES;

const cache = new Map<ArtifactName, Artifact>();

export function loadArtifact(name: ArtifactName): Artifact {
  const cached = cache.get(name);
  if (cached) return cached;
  const json = JSON.parse(readFileSync(require.resolve(ARTIFACT_FILES[name]), 'utf8')) as {
    abi: Abi;
    bytecode?: string | { object?: string };
    evm?: { bytecode?: { object?: string } };
  };
  // Hardhat writes `bytecode` as a string, foundry as `bytecode.object`, solc as `evm.bytecode.object`.
  const raw = typeof json.bytecode === 'string' ? json.bytecode : (json.bytecode?.object ?? json.evm?.bytecode?.object);
  if (!raw) throw new Error(`artifact ${ARTIFACT_FILES[name]} has no bytecode`);
  const artifact: Artifact = { abi: json.abi, bytecode: (raw.startsWith('0x') ? raw : `0x${raw}`) as Hex };
  cache.set(name, artifact);
  return artifact;
}

/** A hash over every artifact's bytecode: part of the world version, so an upgraded package redeploys. */
export function artifactsHash(): string {
  const hash = createHash('sha256');
  for (const name of Object.keys(ARTIFACT_FILES) as ArtifactName[]) hash.update(`${name}:${loadArtifact(name).bytecode}\n`);
  return hash.digest('hex').slice(0, 16);
}
