// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IUniswapV2PairMinimal} from "../IRouterVenues.sol";
import {VenueBase} from "./VenueBase.sol";

/// @notice A hop through a Uniswap V2 pair or a fork with another LP fee. The pair is paid before it swaps
/// (the input is sent into it, by the Router for a first hop or straight from the previous hop), so the swap
/// reads its input as the balance above the reserve: fee-on-transfer tokens are exact.
abstract contract UniswapV2Venue is VenueBase {
    /// Fees are in hundredths of a bip, like V3 and V4 fees (Uniswap V2's 0.3 % is 3000).
    uint256 private constant FEE_DENOMINATOR = 1_000_000;

    function _swapV2(address pool, address tokenIn, uint24 fee, address to) internal {
        IUniswapV2PairMinimal pair = IUniswapV2PairMinimal(pool);
        (uint256 reserve0, uint256 reserve1,) = pair.getReserves();
        bool inIsToken0 = pair.token0() == tokenIn;
        (uint256 reserveIn, uint256 reserveOut) = inIsToken0 ? (reserve0, reserve1) : (reserve1, reserve0);
        uint256 amountIn = IERC20(tokenIn).balanceOf(pool) - reserveIn;
        if (amountIn == 0) revert InvalidAmount();
        uint256 amountInWithFee = amountIn * (FEE_DENOMINATOR - fee);
        uint256 amountOut = (amountInWithFee * reserveOut) / (reserveIn * FEE_DENOMINATOR + amountInWithFee);
        if (amountOut == 0) revert InvalidAmount();
        (uint256 amount0Out, uint256 amount1Out) = inIsToken0 ? (uint256(0), amountOut) : (amountOut, uint256(0));
        pair.swap(amount0Out, amount1Out, to, new bytes(0));
    }
}
