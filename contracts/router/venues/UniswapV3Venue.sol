// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IPancakeV3SwapCallback, IUniswapV3PoolMinimal, IUniswapV3SwapCallback} from "../IRouterVenues.sol";
import {VenueBase} from "./VenueBase.sol";

/// @notice A hop through a Uniswap V3 pool or a fork with the same pool interface (PancakeSwap V3, whose
/// pools call `pancakeV3SwapCallback`). The pool swaps first and asks for its input in the callback; both
/// callback names run the same guarded handlers.
///
/// Exact-in, the callback pays only the pool the Router is swapping with at that moment, only once, only the
/// hop's input token and never more than the hop's input amount: the one payment the Router is prepared to
/// make is recorded in transient storage just before `pool.swap` and cleared after it, so it can never
/// survive the transaction, even if a revert path forgot to clear it.
///
/// Exact-out, the Router records the pool and the hash of the request it hands it as the swap's `data` (the
/// hop, the hops before it, who pays the first one); the callback runs only for that pool, with that
/// request, once, and hands the request to the Router, which pays what the pool asks by running the hops
/// before (a nested swap, whose record replaces this one until it returns). The request travels in `data`
/// because inside the callback msg.data is the callback's, not the swap's.
abstract contract UniswapV3Venue is VenueBase, IUniswapV3SwapCallback, IPancakeV3SwapCallback {
    address private transient _expectedPool;
    address private transient _callbackPayer;
    address private transient _callbackToken;
    bool private transient _callbackZeroForOne;
    uint256 private transient _callbackMaxAmount;
    uint256 private transient _callbackPaid;
    address private transient _exactOutPool;
    bytes32 private transient _exactOutPoolRequest;

    error InvalidCallbackAmount();

    function uniswapV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata data) external override {
        _onSwapCallback(amount0Delta, amount1Delta, data);
    }

    function pancakeV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata data) external override {
        _onSwapCallback(amount0Delta, amount1Delta, data);
    }

    /// Only one kind of swap runs in a transaction at a time (the Router's lock), so a recorded exact-out
    /// pool means the callback is an exact-out one; anything else goes to the exact-in guard, which refuses
    /// it unless its own record matches.
    function _onSwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata data) private {
        if (_exactOutPool != address(0)) _payExactOutPool(amount0Delta, amount1Delta, data);
        else _payExpectedPool(amount0Delta, amount1Delta);
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

    /// Exact-out: the recorded pool, with the recorded request, once; the Router then pays it.
    function _payExactOutPool(int256 amount0Delta, int256 amount1Delta, bytes calldata request) private {
        address pool = _exactOutPool;
        if (msg.sender != pool || keccak256(request) != _exactOutPoolRequest) revert UnexpectedCallback();
        _exactOutPool = address(0);
        _exactOutPoolRequest = bytes32(0);
        _payV3ExactOut(pool, amount0Delta, amount1Delta, request);
    }

    /// The Router's part of an exact-out callback: checks the pool delivered exactly the hop's output and pays
    /// what it asks, by the payer or by the hops before.
    function _payV3ExactOut(address pool, int256 amount0Delta, int256 amount1Delta, bytes calldata request)
        internal
        virtual;

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

    /// Exact-out: asks `pool` for exactly `amountOut` to `to` (a negative amountSpecified) with `request` as
    /// the callback's data. This call may run inside another pool's callback: the record around it is put
    /// back after, so each callback is checked against the swap that caused it.
    function _swapV3ExactOut(address pool, bool zeroForOne, uint256 amountOut, address to, bytes memory request)
        internal
    {
        if (amountOut > uint256(type(int256).max)) revert InvalidAmount();
        (address outerPool, bytes32 outerRequest) = (_exactOutPool, _exactOutPoolRequest);
        _exactOutPool = pool;
        _exactOutPoolRequest = keccak256(request);
        IUniswapV3PoolMinimal(pool).swap(
            to, zeroForOne, -int256(amountOut), zeroForOne ? MIN_SQRT_PRICE_LIMIT : MAX_SQRT_PRICE_LIMIT, request
        );
        bool calledBack = _exactOutPool == address(0);
        (_exactOutPool, _exactOutPoolRequest) = (outerPool, outerRequest);
        // A pool that never asked to be paid was not paid: nothing of this hop is accounted for.
        if (!calledBack) revert IncompleteSwap(0, amountOut);
    }
}
