// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IPancakeV3SwapCallback, IUniswapV3PoolMinimal, IUniswapV3SwapCallback} from "../IRouterVenues.sol";
import {VenueBase} from "./VenueBase.sol";

/// @notice A hop through a Uniswap V3 pool or a fork with the same pool interface (PancakeSwap V3, whose
/// pools call `pancakeV3SwapCallback`). The pool swaps first and asks for its input in the callback; both
/// callback names run the same guarded handler.
///
/// The callback pays only the pool the Router is swapping with at that moment, only once, only the hop's
/// input token and never more than the hop's input amount: the one payment the Router is prepared to make
/// is recorded in transient storage just before `pool.swap` and cleared after it, so it can never survive
/// the transaction, even if a revert path forgot to clear it.
abstract contract UniswapV3Venue is VenueBase, IUniswapV3SwapCallback, IPancakeV3SwapCallback {
    address private transient _expectedPool;
    address private transient _callbackPayer;
    address private transient _callbackToken;
    bool private transient _callbackZeroForOne;
    uint256 private transient _callbackMaxAmount;
    uint256 private transient _callbackPaid;

    error InvalidCallbackAmount();

    function uniswapV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata) external override {
        _payExpectedPool(amount0Delta, amount1Delta);
    }

    function pancakeV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata) external override {
        _payExpectedPool(amount0Delta, amount1Delta);
    }

    /// Pays the pool the Router is currently swapping with, once, from the current swap's payer.
    function _payExpectedPool(int256 amount0Delta, int256 amount1Delta) private {
        address pool = _expectedPool;
        if (pool == address(0) || msg.sender != pool) revert UnexpectedCallback();
        _expectedPool = address(0);
        int256 owed = _callbackZeroForOne ? amount0Delta : amount1Delta;
        if (owed <= 0 || uint256(owed) > _callbackMaxAmount) revert InvalidCallbackAmount();
        uint256 amount = uint256(owed);
        _callbackPaid = amount;
        _pay(_callbackToken, _callbackPayer, pool, amount);
    }

    function _swapV3(address pool, address tokenIn, address tokenOut, address to, address payer, uint256 amountIn)
        internal
    {
        if (amountIn > uint256(type(int256).max)) revert InvalidAmount();
        bool zeroForOne = tokenIn < tokenOut;
        _expectedPool = pool;
        _callbackPayer = payer;
        _callbackToken = tokenIn;
        _callbackZeroForOne = zeroForOne;
        _callbackMaxAmount = amountIn;
        _callbackPaid = 0;
        IUniswapV3PoolMinimal(pool).swap(
            to, zeroForOne, int256(amountIn), zeroForOne ? MIN_SQRT_PRICE_LIMIT : MAX_SQRT_PRICE_LIMIT, new bytes(0)
        );
        uint256 paid = _callbackPaid;
        _expectedPool = address(0);
        _callbackPayer = address(0);
        _callbackToken = address(0);
        _callbackMaxAmount = 0;
        _callbackPaid = 0;
        // A partial fill would leave the Router holding (or the user not paying) the remainder.
        if (paid != amountIn) revert IncompleteSwap(paid, amountIn);
    }
}
