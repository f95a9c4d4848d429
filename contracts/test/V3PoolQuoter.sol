// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

interface IV3FamilyPoolSwap {
    function swap(address recipient, bool zeroForOne, int256 amountSpecified, uint160 sqrtPriceLimitX96, bytes calldata data)
        external
        returns (int256 amount0, int256 amount1);
}

/// @notice Test-only quoter for any pool of the Uniswap V3 family (QuoterV2 finds only Uniswap's own pools
/// by address): runs the swap (exact-in or exact-out) and reverts from the swap callback with the pool's
/// deltas, so the pool's own math prices the amount and nothing moves.
contract V3PoolQuoter {
    // TickMath.MIN_SQRT_RATIO + 1 and MAX_SQRT_RATIO - 1, as the Router swaps.
    uint160 private constant MIN_SQRT_PRICE_LIMIT = 4295128740;
    uint160 private constant MAX_SQRT_PRICE_LIMIT = 1461446703485210103287273052203988822378723970341;

    error Quoted(int256 amount0, int256 amount1);

    /// Output of `amountIn` of tokenIn (token0 when `zeroForOne`) swapped in `pool`.
    function quote(address pool, bool zeroForOne, uint256 amountIn) external returns (uint256 amountOut) {
        (int256 amount0, int256 amount1) = _deltas(pool, zeroForOne, int256(amountIn));
        // A pool that runs out of liquidity takes only part of the input: no swap of this amount exists.
        require((zeroForOne ? amount0 : amount1) == int256(amountIn), "V3PoolQuoter: the pool cannot take the amount");
        amountOut = uint256(-(zeroForOne ? amount1 : amount0));
    }

    /// Input the pool asks for exactly `amountOut` of tokenOut (token1 when `zeroForOne`).
    function quoteExactOut(address pool, bool zeroForOne, uint256 amountOut) external returns (uint256 amountIn) {
        (int256 amount0, int256 amount1) = _deltas(pool, zeroForOne, -int256(amountOut));
        require(-(zeroForOne ? amount1 : amount0) == int256(amountOut), "V3PoolQuoter: the pool cannot deliver the amount");
        amountIn = uint256(zeroForOne ? amount0 : amount1);
    }

    /// The pool's deltas for `amountSpecified` (positive exact-in, negative exact-out), from a reverted swap.
    function _deltas(address pool, bool zeroForOne, int256 amountSpecified) private returns (int256, int256) {
        try IV3FamilyPoolSwap(pool).swap(
            address(this), zeroForOne, amountSpecified, zeroForOne ? MIN_SQRT_PRICE_LIMIT : MAX_SQRT_PRICE_LIMIT, ""
        ) {
            revert("V3PoolQuoter: swap did not call back");
        } catch (bytes memory reason) {
            if (reason.length != 68 || bytes4(reason) != Quoted.selector) {
                assembly {
                    revert(add(reason, 32), mload(reason))
                }
            }
            return abi.decode(_tail(reason), (int256, int256));
        }
    }

    function uniswapV3SwapCallback(int256 amount0, int256 amount1, bytes calldata) external pure {
        revert Quoted(amount0, amount1);
    }

    function pancakeV3SwapCallback(int256 amount0, int256 amount1, bytes calldata) external pure {
        revert Quoted(amount0, amount1);
    }

    function _tail(bytes memory data) private pure returns (bytes memory tail) {
        tail = new bytes(data.length - 4);
        for (uint256 i = 0; i < tail.length; i++) tail[i] = data[i + 4];
    }
}
