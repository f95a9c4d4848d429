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
///
/// Exact-out hops are guarded the same way, with a record of their own that a nested unlock (of another
/// manager, from inside this one) replaces until it returns. Inside the callback the Router runs the hop
/// with `_v4SwapExactOut` and pays what it owes with `_v4Settle`. `unlock` cannot nest, so while a manager
/// is unlocked for a leg (`_isUnlocked`) its later hops in that leg swap in it directly, and consecutive
/// hops in it net out in its flash accounting.
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
    address private transient _exactOutManager;
    bytes32 private transient _exactOutManagerRequest;
    address private transient _unlockedManager;

    /// Only one kind of swap runs in a transaction at a time (the Router's lock), so a recorded exact-out
    /// manager means the callback is an exact-out one; anything else goes to the exact-in guard.
    function unlockCallback(bytes calldata data) external override returns (bytes memory) {
        if (_exactOutManager != address(0)) _onExactOutUnlock(data);
        else _onExactInUnlock(data);
        return "";
    }

    function _onExactInUnlock(bytes calldata data) private {
        address manager = _expectedManager;
        if (manager == address(0) || msg.sender != manager || keccak256(data) != _expectedRequest) {
            revert UnexpectedCallback();
        }
        _expectedManager = address(0);
        _expectedRequest = bytes32(0);
        _swapAndSettle(IPoolManager(manager), abi.decode(data, (V4Request)));
    }

    /// Exact-out: the recorded manager, with the recorded request, once. The manager stays marked unlocked
    /// while the Router runs the hop (and the hops before it), then the mark around it is put back.
    function _onExactOutUnlock(bytes calldata request) private {
        address manager = _exactOutManager;
        if (msg.sender != manager || keccak256(request) != _exactOutManagerRequest) revert UnexpectedCallback();
        _exactOutManager = address(0);
        _exactOutManagerRequest = bytes32(0);
        address outerUnlocked = _unlockedManager;
        _unlockedManager = manager;
        _runV4ExactOut(request);
        _unlockedManager = outerUnlocked;
    }

    /// The Router's part of an exact-out unlock: the hop `request` describes, and what it owes.
    function _runV4ExactOut(bytes calldata request) internal virtual;

    function _swapV4(V4Hop memory hop, address to, address payer, uint256 amountIn) internal {
        // The manager's amounts are int128; an exact-in swap asks for -amountIn.
        if (amountIn > uint256(uint128(type(int128).max))) revert InvalidAmount();
        (PoolKey memory key, bool zeroForOne) = _poolKey(hop);
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
        _v4Settle(address(manager), Currency.unwrap(currencyIn), r.payer, r.amountIn);
        _managerPaid = r.amountIn;
        if (outDelta > 0) manager.take(currencyOut, r.to, uint256(int256(outDelta)));
    }

    /// Exact-out: unlocks `manager` with `request` (the hop, the hops before it, who pays), which the callback
    /// hands back to the Router. May run inside another manager's unlock or a V3 callback: the record around
    /// it is put back after.
    function _unlockV4ExactOut(address manager, uint256 amountOut, bytes memory request) internal {
        (address outerManager, bytes32 outerRequest) = (_exactOutManager, _exactOutManagerRequest);
        _exactOutManager = manager;
        _exactOutManagerRequest = keccak256(request);
        IPoolManager(manager).unlock(request);
        bool calledBack = _exactOutManager == address(0);
        (_exactOutManager, _exactOutManagerRequest) = (outerManager, outerRequest);
        // A manager that never called back swapped nothing for this hop.
        if (!calledBack) revert IncompleteSwap(0, amountOut);
    }

    /// Whether this swap is inside `manager`'s unlock (an exact-out hop after this one in the leg is in it).
    function _isUnlocked(address manager) internal view returns (bool) {
        return manager == _unlockedManager;
    }

    /// Inside the unlock: swaps for exactly `amountOut` (a positive amountSpecified is exact output in
    /// v4-core), requires all of it, and takes it to `to`; `to == address(0)` leaves it in the manager as
    /// credit, which pays the input of the next hop in the same manager. Returns the input the hop owes.
    function _v4SwapExactOut(V4Hop memory hop, uint256 amountOut, address to) internal returns (uint256 owed) {
        if (amountOut > uint256(uint128(type(int128).max))) revert InvalidAmount();
        (PoolKey memory key, bool zeroForOne) = _poolKey(hop);
        BalanceDelta delta = IPoolManager(hop.manager).swap(
            key,
            PoolSwapParams({
                zeroForOne: zeroForOne,
                amountSpecified: int256(amountOut),
                sqrtPriceLimitX96: zeroForOne ? MIN_SQRT_PRICE_LIMIT : MAX_SQRT_PRICE_LIMIT
            }),
            ""
        );
        (int128 inDelta, int128 outDelta) =
            zeroForOne ? (delta.amount0(), delta.amount1()) : (delta.amount1(), delta.amount0());
        if (int256(outDelta) != int256(amountOut)) {
            revert IncompleteSwap(outDelta > 0 ? uint256(int256(outDelta)) : 0, amountOut);
        }
        if (to != address(0)) IPoolManager(hop.manager).take(Currency.wrap(hop.tokenOut), to, amountOut);
        owed = inDelta < 0 ? uint256(-int256(inDelta)) : 0;
    }

    /// Pays `amount` of `token` into the manager from `from` and settles it. Nothing may run between the
    /// `sync` and the `settle` (the manager counts what arrived since the sync), and the manager must count
    /// exactly `amount`: a fee-on-transfer token settles less, which is refused.
    function _v4Settle(address manager, address token, address from, uint256 amount) internal {
        IPoolManager(manager).sync(Currency.wrap(token));
        _pay(token, from, manager, amount);
        uint256 settled = IPoolManager(manager).settle();
        if (settled != amount) revert IncompleteSwap(settled, amount);
    }

    function _poolKey(V4Hop memory hop) private pure returns (PoolKey memory key, bool zeroForOne) {
        zeroForOne = hop.tokenIn < hop.tokenOut;
        (address token0, address token1) = zeroForOne ? (hop.tokenIn, hop.tokenOut) : (hop.tokenOut, hop.tokenIn);
        key = PoolKey({
            currency0: Currency.wrap(token0),
            currency1: Currency.wrap(token1),
            fee: hop.fee,
            tickSpacing: hop.tickSpacing,
            hooks: IHooks(address(0))
        });
    }
}
