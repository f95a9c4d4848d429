// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IUniswapV2PairMinimal} from "../IRouterVenues.sol";
import {VenueBase} from "./VenueBase.sol";

/// @notice A hop through a Uniswap V2 pair or a fork with another LP fee. The pair is paid before it swaps
/// (the input is sent into it, by the Router for a first hop or straight from the previous hop), so the swap
/// reads its input as the balance above the reserve: fee-on-transfer tokens are exact.
///
/// Exact-out, the Router asks `_v2AmountIn` what the pair must be paid for the output, has that paid into
/// the pair (by the payer or the hop before), then `_v2Send`s exactly the output. A fee-on-transfer input
/// arrives short of that amount and the pair refuses the swap (K).
abstract contract UniswapV2Venue is VenueBase {
    /// Fees are in hundredths of a bip, like V3 and V4 fees (Uniswap V2's 0.3 % is 3000).
    uint256 private constant FEE_DENOMINATOR = 1_000_000;

    function _swapV2(address pool, address tokenIn, uint24 fee, address to) internal {
        (uint256 reserveIn, uint256 reserveOut, bool inIsToken0) = _v2Reserves(pool, tokenIn);
        uint256 amountIn = IERC20(tokenIn).balanceOf(pool) - reserveIn;
        if (amountIn == 0) revert InvalidAmount();
        uint256 amountInWithFee = amountIn * (FEE_DENOMINATOR - fee);
        uint256 amountOut = (amountInWithFee * reserveOut) / (reserveIn * FEE_DENOMINATOR + amountInWithFee);
        if (amountOut == 0) revert InvalidAmount();
        _v2Send(pool, inIsToken0, amountOut, to);
    }

    /// What the pair must be paid for exactly `amountOut`, at its current reserves: Uniswap's getAmountIn
    /// with the hop's fee, `rIn·out·1e6 / ((rOut − out)·(1e6 − fee)) + 1` (the + 1 rounds up, as the pair's
    /// K check needs). A pair that does not hold more than `amountOut` cannot deliver it.
    function _v2AmountIn(address pool, address tokenIn, uint24 fee, uint256 amountOut)
        internal
        view
        returns (uint256 amountIn, bool inIsToken0)
    {
        uint256 reserveIn;
        uint256 reserveOut;
        (reserveIn, reserveOut, inIsToken0) = _v2Reserves(pool, tokenIn);
        if (amountOut >= reserveOut) revert IncompleteSwap(reserveOut, amountOut);
        amountIn = (reserveIn * amountOut * FEE_DENOMINATOR) / ((reserveOut - amountOut) * (FEE_DENOMINATOR - fee)) + 1;
    }

    function _v2Reserves(address pool, address tokenIn)
        private
        view
        returns (uint256 reserveIn, uint256 reserveOut, bool inIsToken0)
    {
        IUniswapV2PairMinimal pair = IUniswapV2PairMinimal(pool);
        (uint256 reserve0, uint256 reserve1,) = pair.getReserves();
        inIsToken0 = pair.token0() == tokenIn;
        (reserveIn, reserveOut) = inIsToken0 ? (reserve0, reserve1) : (reserve1, reserve0);
    }

    /// The pair's swap of its input (already in it) for `amountOut` to `to`.
    function _v2Send(address pool, bool inIsToken0, uint256 amountOut, address to) internal {
        (uint256 amount0Out, uint256 amount1Out) = inIsToken0 ? (uint256(0), amountOut) : (amountOut, uint256(0));
        IUniswapV2PairMinimal(pool).swap(amount0Out, amount1Out, to, new bytes(0));
    }
}
