// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IPoolManager} from "@uniswap/v4-core/src/interfaces/IPoolManager.sol";
import {IHooks} from "@uniswap/v4-core/src/interfaces/IHooks.sol";
import {IUnlockCallback} from "@uniswap/v4-core/src/interfaces/callback/IUnlockCallback.sol";
import {BalanceDelta} from "@uniswap/v4-core/src/types/BalanceDelta.sol";
import {Currency} from "@uniswap/v4-core/src/types/Currency.sol";
import {PoolKey} from "@uniswap/v4-core/src/types/PoolKey.sol";
import {SwapParams as PoolSwapParams} from "@uniswap/v4-core/src/types/PoolOperation.sol";
import {VenueBase} from "./VenueBase.sol";

/// @notice A hop through a Uniswap V4 pool without hooks. The PoolManager only swaps for a contract it has
/// unlocked, so the Router asks it to `unlock` and does the swap, the payment and the payout in
/// `unlockCallback`: swap exact-in, `sync` the input currency, pay it into the manager, `settle`, and `take`
/// the output to the hop's recipient. Only ERC-20 currencies: native input and output are wrapped.
///
/// The callback is guarded like the V3 one: the Router records, in transient storage, the manager it is
/// about to unlock and the hash of the request it hands it; the callback runs only for that manager, only
/// with that request, and only once. The request (including the payer) is the Router's own, so a manager
/// that calls back with anything else, or a second time, moves nothing.
abstract contract UniswapV4Venue is VenueBase, IUnlockCallback {
    /// The pool a V4 hop swaps in, as the Router's hop describes it (the manager is the hop's `pool`).
    struct V4Hop {
        address manager;
        address tokenIn;
        address tokenOut;
        uint24 fee;
        int24 tickSpacing;
    }

    /// What the Router asks of the manager it unlocks.
    struct V4Request {
        PoolKey key;
        bool zeroForOne;
        uint256 amountIn;
        address payer;
        address to;
    }

    address private transient _expectedManager;
    bytes32 private transient _expectedRequest;
    uint256 private transient _managerPaid;

    function unlockCallback(bytes calldata data) external override returns (bytes memory) {
        address manager = _expectedManager;
        if (manager == address(0) || msg.sender != manager || keccak256(data) != _expectedRequest) {
            revert UnexpectedCallback();
        }
        _expectedManager = address(0);
        _expectedRequest = bytes32(0);
        _swapAndSettle(IPoolManager(manager), abi.decode(data, (V4Request)));
        return "";
    }

    function _swapV4(V4Hop memory hop, address to, address payer, uint256 amountIn) internal {
        // The manager's amounts are int128; an exact-in swap asks for -amountIn.
        if (amountIn > uint256(uint128(type(int128).max))) revert InvalidAmount();
        bool zeroForOne = hop.tokenIn < hop.tokenOut;
        (address token0, address token1) = zeroForOne ? (hop.tokenIn, hop.tokenOut) : (hop.tokenOut, hop.tokenIn);
        PoolKey memory key = PoolKey({
            currency0: Currency.wrap(token0),
            currency1: Currency.wrap(token1),
            fee: hop.fee,
            tickSpacing: hop.tickSpacing,
            hooks: IHooks(address(0))
        });
        bytes memory request = abi.encode(V4Request(key, zeroForOne, amountIn, payer, to));
        _expectedManager = hop.manager;
        _expectedRequest = keccak256(request);
        _managerPaid = 0;
        IPoolManager(hop.manager).unlock(request);
        uint256 paid = _managerPaid;
        _expectedManager = address(0);
        _expectedRequest = bytes32(0);
        _managerPaid = 0;
        // A manager that never called back was paid nothing: the hop's amount would stay behind.
        if (paid != amountIn) revert IncompleteSwap(paid, amountIn);
    }

    /// Inside the unlock: swaps, requires the whole input to have been swapped, pays exactly that into the
    /// manager from the payer and takes the output to the hop's recipient.
    function _swapAndSettle(IPoolManager manager, V4Request memory r) private {
        BalanceDelta delta = manager.swap(
            r.key,
            PoolSwapParams({
                zeroForOne: r.zeroForOne,
                amountSpecified: -int256(r.amountIn),
                sqrtPriceLimitX96: r.zeroForOne ? MIN_SQRT_PRICE_LIMIT : MAX_SQRT_PRICE_LIMIT
            }),
            ""
        );
        (int128 inDelta, int128 outDelta) =
            r.zeroForOne ? (delta.amount0(), delta.amount1()) : (delta.amount1(), delta.amount0());
        if (int256(inDelta) != -int256(r.amountIn)) {
            revert IncompleteSwap(inDelta < 0 ? uint256(-int256(inDelta)) : 0, r.amountIn);
        }
        (Currency currencyIn, Currency currencyOut) =
            r.zeroForOne ? (r.key.currency0, r.key.currency1) : (r.key.currency1, r.key.currency0);
        manager.sync(currencyIn);
        _pay(Currency.unwrap(currencyIn), r.payer, address(manager), r.amountIn);
        uint256 settled = manager.settle();
        // A fee-on-transfer input settles less than it was charged; the manager would refuse it anyway.
        if (settled != r.amountIn) revert IncompleteSwap(settled, r.amountIn);
        _managerPaid = r.amountIn;
        if (outDelta > 0) manager.take(currencyOut, r.to, uint256(int256(outDelta)));
    }
}
