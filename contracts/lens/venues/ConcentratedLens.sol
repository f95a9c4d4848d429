// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IPoolManager} from "@uniswap/v4-core/src/interfaces/IPoolManager.sol";
import {IHooks} from "@uniswap/v4-core/src/interfaces/IHooks.sol";
import {StateLibrary} from "@uniswap/v4-core/src/libraries/StateLibrary.sol";
import {BalanceDelta} from "@uniswap/v4-core/src/types/BalanceDelta.sol";
import {Currency} from "@uniswap/v4-core/src/types/Currency.sol";
import {PoolId} from "@uniswap/v4-core/src/types/PoolId.sol";
import {PoolKey} from "@uniswap/v4-core/src/types/PoolKey.sol";
import {SwapParams as PoolSwapParams} from "@uniswap/v4-core/src/types/PoolOperation.sol";

interface ILensConcentratedPool {
    function swap(address recipient, bool zeroForOne, int256 amountSpecified, uint160 sqrtPriceLimitX96, bytes calldata data)
        external
        returns (int256 amount0, int256 amount1);
}

/// @notice Exact pool math for concentrated-liquidity pools, by the pool's own code: the lens starts the swap
/// the Router would make (exact input, no price limit) and reverts from the callback with the pool's deltas,
/// so nothing moves and the answer is what that swap pays. V3-family pools (Uniswap V3, PancakeSwap V3) call
/// back `uniswapV3SwapCallback` / `pancakeV3SwapCallback`; a V4 PoolManager calls back `unlockCallback`.
abstract contract ConcentratedLens {
    using StateLibrary for IPoolManager;

    // TickMath's MIN_SQRT_PRICE + 1 and MAX_SQRT_PRICE - 1, as the Router swaps.
    uint160 private constant MIN_SQRT_PRICE_LIMIT = 4295128740;
    uint160 private constant MAX_SQRT_PRICE_LIMIT = 1461446703485210103287273052203988822378723970341;

    /// Gas one pool quote may burn: a swap crossing dozens of initialized ticks fits; a pool that runs dry and
    /// walks every empty bitmap word to the price limit does not, and then prices nothing instead of taking
    /// the whole call down.
    uint256 private constant POOL_QUOTE_GAS = 3_000_000;

    error PoolDeltas(int256 amount0, int256 amount1);

    struct V4Quote {
        PoolKey key;
        bool zeroForOne;
        uint256 amountIn;
    }

    function uniswapV3SwapCallback(int256 amount0, int256 amount1, bytes calldata) external pure {
        revert PoolDeltas(amount0, amount1);
    }

    function pancakeV3SwapCallback(int256 amount0, int256 amount1, bytes calldata) external pure {
        revert PoolDeltas(amount0, amount1);
    }

    function unlockCallback(bytes calldata data) external returns (bytes memory) {
        V4Quote memory q = abi.decode(data, (V4Quote));
        BalanceDelta delta = IPoolManager(msg.sender).swap(
            q.key,
            PoolSwapParams({
                zeroForOne: q.zeroForOne,
                amountSpecified: -int256(q.amountIn),
                sqrtPriceLimitX96: q.zeroForOne ? MIN_SQRT_PRICE_LIMIT : MAX_SQRT_PRICE_LIMIT
            }),
            ""
        );
        // V4 signs deltas from the caller's side (negative = owed to the pool); report them as V3 does.
        revert PoolDeltas(-int256(delta.amount0()), -int256(delta.amount1()));
    }

    /// Output of `amountIn` of tokenIn through a V3-family pool; spot = (sqrtPriceX96, 1 when tokenIn is token0).
    function _concentratedOut(address pool, address tokenIn, address tokenOut, uint256 amountIn)
        internal
        returns (uint256 out, uint256[2] memory spot)
    {
        bool zeroForOne = tokenIn < tokenOut;
        (bool ok, bytes memory answer) = pool.staticcall(abi.encodeWithSignature("slot0()"));
        if (ok && answer.length >= 32) spot = [abi.decode(answer, (uint256)), zeroForOne ? 1 : 0];
        if (amountIn == 0 || amountIn > uint256(type(int256).max)) return (0, spot);
        try ILensConcentratedPool(pool).swap{gas: POOL_QUOTE_GAS}(
            address(this), zeroForOne, int256(amountIn), zeroForOne ? MIN_SQRT_PRICE_LIMIT : MAX_SQRT_PRICE_LIMIT, ""
        ) {
            return (0, spot);
        } catch (bytes memory reason) {
            out = _outOfDeltas(reason, zeroForOne);
        }
    }

    /// Output of `amountIn` of tokenIn through a hookless V4 pool; spot as for V3.
    function _v4Out(address manager, address tokenIn, address tokenOut, uint24 fee, int24 tickSpacing, uint256 amountIn)
        internal
        returns (uint256 out, uint256[2] memory spot)
    {
        bool zeroForOne = tokenIn < tokenOut;
        (address token0, address token1) = zeroForOne ? (tokenIn, tokenOut) : (tokenOut, tokenIn);
        PoolKey memory key = PoolKey(Currency.wrap(token0), Currency.wrap(token1), fee, tickSpacing, IHooks(address(0)));
        (uint160 sqrtPriceX96,,,) = IPoolManager(manager).getSlot0(PoolId.wrap(keccak256(abi.encode(key))));
        spot = [uint256(sqrtPriceX96), zeroForOne ? 1 : 0];
        if (sqrtPriceX96 == 0 || amountIn == 0 || amountIn > uint256(uint128(type(int128).max))) return (0, spot);
        try IPoolManager(manager).unlock{gas: POOL_QUOTE_GAS}(abi.encode(V4Quote(key, zeroForOne, amountIn))) {
            return (0, spot);
        } catch (bytes memory reason) {
            out = _outOfDeltas(reason, zeroForOne);
        }
    }

    /// The output side of PoolDeltas (negative: paid out by the pool); 0 for any other revert.
    function _outOfDeltas(bytes memory reason, bool zeroForOne) private pure returns (uint256) {
        if (reason.length != 68 || bytes4(reason) != PoolDeltas.selector) return 0;
        int256 amount0;
        int256 amount1;
        assembly {
            amount0 := mload(add(reason, 36))
            amount1 := mload(add(reason, 68))
        }
        int256 outDelta = zeroForOne ? amount1 : amount0;
        return outDelta < 0 ? uint256(-outDelta) : 0;
    }
}
