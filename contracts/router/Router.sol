// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IBridgeDepository, IWrappedNative} from "./IRouterVenues.sol";
import {UniswapV2Venue} from "./venues/UniswapV2Venue.sol";
import {UniswapV3Venue} from "./venues/UniswapV3Venue.sol";
import {UniswapV4Venue} from "./venues/UniswapV4Venue.sol";
import {LaunchpadVenue} from "./venues/LaunchpadVenue.sol";

/// @notice Executes exact-in swaps over the venues it knows, split over up to six legs of up to three hops
/// each, takes the protocol and integrator fees in the same transaction, and enforces `amountOutMin` and a
/// deadline.
///
/// Users give this contract unlimited allowance, so its safety rests on a few rules:
/// - tokens are only ever pulled from `msg.sender` (no function takes a payer; venue modules pay through
///   `VenueBase._pay` from the payer the Router hands them), or paid out of what the swap itself delivered
///   to the Router;
/// - a venue that calls back for its input (V3 and its forks, V4) pays only the pool or manager the Router
///   is swapping with at that moment, only once, only the hop's input token and never more than the hop's
///   input amount;
/// - every external entry point is behind one reentrancy lock (the callbacks, which pools call mid-swap,
///   are gated by the recorded pool or manager instead);
/// - every intermediate amount is consumed within the swap, so the Router holds nothing between transactions;
/// - `swapAndDeposit` hands a bridge depository exactly what its own swap returned (the value of the call, or an
///   approval of that amount, cleared after), and nothing else;
/// - fee-on-transfer tokens are exact on V2 hops: amounts are balance differences.
///
/// Each venue is one module under `venues/`; `_swapHop` and `_takesInputFirst` are the only places that
/// dispatch on the venue, so a new venue is its module, one `Venue` member and one branch in each.
contract Router is Ownable, ReentrancyGuardTransient, UniswapV2Venue, UniswapV3Venue, UniswapV4Venue, LaunchpadVenue {
    using SafeERC20 for IERC20;

    enum Venue {
        V2,
        V3,
        V4,
        Launchpad
    }

    struct Hop {
        Venue venue;
        /// V2: the pair. V3: the pool (Uniswap V3 or a fork with the same pool interface, e.g. PancakeSwap V3).
        /// V4: the PoolManager. Launchpad: the launchpad (one side of the hop is the wrapped native token).
        address pool;
        address tokenIn;
        address tokenOut;
        /// Hundredths of a bip. V2: the pair's LP fee (3000 for Uniswap V2), used in the V2 formula.
        /// V3: informational. V4: PoolKey.fee.
        uint24 fee;
        /// V4: PoolKey.tickSpacing; 0 otherwise.
        int24 tickSpacing;
        /// V4: PoolKey.hooks; always address(0) (only pools without hooks are routed).
        address hooks;
    }

    struct Leg {
        /// Share of the swapped amount, parts per million; the shares of a route add up to TOTAL_SHARE.
        uint32 share;
        Hop[] hops;
    }

    struct SwapParams {
        /// address(0) = native (wrapped through `wrappedNative` at the route's ends).
        address tokenIn;
        address tokenOut;
        uint256 amountIn;
        /// Minimum of what the recipient actually receives over all legs (after fees and any token tax).
        uint256 amountOutMin;
        address recipient;
        uint256 deadline;
        Leg[] legs;
        uint16 protocolFeeBps;
        uint16 integratorFeeBps;
        address integrator;
    }

    uint256 public constant BPS = 10_000;
    uint16 public constant MIN_PROTOCOL_FEE_BPS = 10;
    uint256 public constant MAX_LEGS = 6;
    uint256 public constant MAX_HOPS = 3;
    uint256 public constant TOTAL_SHARE = 1_000_000;
    /// Hop fees are hundredths of a bip; a fee of 100 % or more prices nothing.
    uint256 private constant MAX_HOP_FEE = 1_000_000;

    address public immutable wrappedNative;
    address public feeCollector;

    event Swapped(
        address indexed sender,
        address indexed recipient,
        address tokenIn,
        address tokenOut,
        uint256 amountIn,
        uint256 amountOut,
        uint256 protocolFee,
        uint256 integratorFee,
        address integrator
    );
    event FeeCollectorChanged(address indexed previous, address indexed current);

    error DeadlineExpired();
    error InvalidRoute();
    error InvalidFee();
    error InvalidRecipient();
    error InvalidNativeAmount();
    error SlippageExceeded(uint256 amountOut, uint256 amountOutMin);
    error NativeNotAccepted();
    error NativeTransferFailed();
    error ZeroAddress();

    constructor(address wrappedNative_, address feeCollector_, address owner_) Ownable(owner_) {
        if (wrappedNative_ == address(0) || feeCollector_ == address(0)) revert ZeroAddress();
        wrappedNative = wrappedNative_;
        feeCollector = feeCollector_;
        emit FeeCollectorChanged(address(0), feeCollector_);
    }

    /// Only the wrapped-native contract sends native here (on withdraw): anything else would be stuck.
    receive() external payable {
        if (msg.sender != wrappedNative) revert NativeNotAccepted();
    }

    function setFeeCollector(address feeCollector_) external onlyOwner nonReentrant {
        if (feeCollector_ == address(0)) revert ZeroAddress();
        emit FeeCollectorChanged(feeCollector, feeCollector_);
        feeCollector = feeCollector_;
    }

    /// The fee split the Router applies, rounding each fee down.
    function previewFees(uint256 amount, uint16 protocolBps, uint16 integratorBps)
        public
        pure
        returns (uint256 protocolFee, uint256 integratorFee, uint256 net)
    {
        if (uint256(protocolBps) + integratorBps > BPS) revert InvalidFee();
        protocolFee = (amount * protocolBps) / BPS;
        integratorFee = (amount * integratorBps) / BPS;
        net = amount - protocolFee - integratorFee;
    }

    function swap(SwapParams calldata p) external payable nonReentrant returns (uint256 amountOut) {
        return _swap(p, p.recipient);
    }

    /// Swaps as `swap` does, then deposits exactly what the swap returned into the bridge depository
    /// `p.recipient` for `requestId`, naming the caller as the depositor, all in one transaction: a swap that
    /// returns less than `p.amountOutMin` reverts the whole call, so nothing is deposited. Nothing stays here:
    /// the native coin goes as the deposit's value, a token is approved to the depository for exactly the
    /// amount it then pulls (and the approval is cleared after).
    function swapAndDeposit(SwapParams calldata p, bytes32 requestId)
        external
        payable
        nonReentrant
        returns (uint256 amountOut)
    {
        amountOut = _swap(p, address(this));
        IBridgeDepository depository = IBridgeDepository(p.recipient);
        if (p.tokenOut == address(0)) {
            depository.depositFor{value: amountOut}(requestId, msg.sender, address(0), amountOut);
        } else {
            IERC20(p.tokenOut).forceApprove(p.recipient, amountOut);
            depository.depositFor(requestId, msg.sender, p.tokenOut, amountOut);
            IERC20(p.tokenOut).forceApprove(p.recipient, 0);
        }
    }

    /// The swap, its output paid to `to`: the recipient, or the Router itself when a deposit follows.
    function _swap(SwapParams calldata p, address to) private returns (uint256 amountOut) {
        _validate(p);
        bool nativeIn = p.tokenIn == address(0);
        bool nativeOut = p.tokenOut == address(0);

        (uint256 protocolFee, uint256 integratorFee, uint256 swapAmount) = _takeInputFees(p);

        uint256 outBefore = nativeOut
            ? IERC20(wrappedNative).balanceOf(address(this))
            : IERC20(p.tokenOut).balanceOf(to);

        _executeLegs(p, nativeIn ? address(this) : msg.sender, swapAmount, nativeOut ? address(this) : to);

        if (nativeOut) {
            (protocolFee, integratorFee, amountOut) = _payNativeOut(p, to, outBefore, protocolFee, integratorFee);
        } else {
            // Measured at the recipient over all legs, so a tax on the output token is accounted for.
            amountOut = IERC20(p.tokenOut).balanceOf(to) - outBefore;
            if (amountOut < p.amountOutMin) revert SlippageExceeded(amountOut, p.amountOutMin);
        }
        _emitSwapped(p, amountOut, protocolFee, integratorFee);
    }

    function _validate(SwapParams calldata p) private view {
        if (block.timestamp > p.deadline) revert DeadlineExpired();
        if (
            p.protocolFeeBps < MIN_PROTOCOL_FEE_BPS || uint256(p.protocolFeeBps) + p.integratorFeeBps > BPS
                || (p.integratorFeeBps > 0 && p.integrator == address(0))
        ) revert InvalidFee();
        if (p.recipient == address(0) || p.recipient == address(this)) revert InvalidRecipient();
        if (p.amountIn == 0) revert InvalidAmount();
        if (p.tokenIn == address(0) ? msg.value != p.amountIn : msg.value != 0) revert InvalidNativeAmount();
        _checkRoute(p);
    }

    /// Fees are taken on the native side when there is one, else on tokenIn: here, everything but the
    /// token-to-native case, before the swap. Returns what is left to swap.
    function _takeInputFees(SwapParams calldata p)
        private
        returns (uint256 protocolFee, uint256 integratorFee, uint256 swapAmount)
    {
        bool nativeIn = p.tokenIn == address(0);
        if (!nativeIn && p.tokenOut == address(0)) return (0, 0, p.amountIn);
        (protocolFee, integratorFee, swapAmount) = previewFees(p.amountIn, p.protocolFeeBps, p.integratorFeeBps);
        if (swapAmount == 0) revert InvalidAmount();
        if (nativeIn) {
            _sendNative(feeCollector, protocolFee);
            _sendNative(p.integrator, integratorFee);
            IWrappedNative(wrappedNative).deposit{value: swapAmount}();
        } else {
            if (protocolFee > 0) IERC20(p.tokenIn).safeTransferFrom(msg.sender, feeCollector, protocolFee);
            if (integratorFee > 0) IERC20(p.tokenIn).safeTransferFrom(msg.sender, p.integrator, integratorFee);
        }
    }

    /// Unwraps everything the legs' last hops delivered to the Router, takes the output-side fees when the input
    /// was a token, and pays `to` (unless that is the Router itself, which deposits it next).
    function _payNativeOut(SwapParams calldata p, address to, uint256 wrappedBefore, uint256 protocolFee, uint256 integratorFee)
        private
        returns (uint256, uint256, uint256 amountOut)
    {
        uint256 grossOut = IERC20(wrappedNative).balanceOf(address(this)) - wrappedBefore;
        IWrappedNative(wrappedNative).withdraw(grossOut);
        amountOut = grossOut;
        if (p.tokenIn != address(0)) {
            (protocolFee, integratorFee, amountOut) = previewFees(grossOut, p.protocolFeeBps, p.integratorFeeBps);
            _sendNative(feeCollector, protocolFee);
            _sendNative(p.integrator, integratorFee);
        }
        if (amountOut < p.amountOutMin) revert SlippageExceeded(amountOut, p.amountOutMin);
        if (to != address(this)) _sendNative(to, amountOut);
        return (protocolFee, integratorFee, amountOut);
    }

    function _emitSwapped(SwapParams calldata p, uint256 amountOut, uint256 protocolFee, uint256 integratorFee)
        private
    {
        emit Swapped(
            msg.sender,
            p.recipient,
            p.tokenIn,
            p.tokenOut,
            p.amountIn,
            amountOut,
            protocolFee,
            integratorFee,
            p.integrator
        );
    }

    /// 1..MAX_LEGS legs with positive shares adding up to TOTAL_SHARE, each a path from the route's input to
    /// its output (wrapped native standing for native).
    function _checkRoute(SwapParams calldata p) private view {
        uint256 n = p.legs.length;
        if (n == 0 || n > MAX_LEGS || p.tokenIn == p.tokenOut) revert InvalidRoute();
        address routeIn = p.tokenIn == address(0) ? wrappedNative : p.tokenIn;
        address routeOut = p.tokenOut == address(0) ? wrappedNative : p.tokenOut;
        uint256 shares;
        for (uint256 i = 0; i < n; i++) {
            if (p.legs[i].share == 0) revert InvalidRoute();
            shares += p.legs[i].share;
            _checkPath(p.legs[i].hops, routeIn, routeOut);
        }
        if (shares != TOTAL_SHARE) revert InvalidRoute();
    }

    /// 1..MAX_HOPS hops chaining `tokenIn` to `tokenOut`. No hop has hooks: V2 and V3 have none, and only V4
    /// pools without hooks are routed.
    function _checkPath(Hop[] calldata hops, address tokenIn, address tokenOut) private pure {
        uint256 n = hops.length;
        if (n == 0 || n > MAX_HOPS) revert InvalidRoute();
        address expectedIn = tokenIn;
        for (uint256 i = 0; i < n; i++) {
            Hop calldata hop = hops[i];
            if (
                hop.tokenIn != expectedIn || hop.tokenOut == hop.tokenIn || hop.pool == address(0)
                    || hop.tokenOut == address(0) || hop.hooks != address(0) || hop.fee >= MAX_HOP_FEE
            ) revert InvalidRoute();
            expectedIn = hop.tokenOut;
        }
        if (expectedIn != tokenOut) revert InvalidRoute();
    }

    /// Runs the legs one after another from the same payer, each on its share of `swapAmount` (rounded down;
    /// the last leg gets the rest, so the legs spend exactly `swapAmount`). A leg whose share of a tiny
    /// amount rounds down to nothing has nothing to swap and is skipped.
    function _executeLegs(SwapParams calldata p, address payer, uint256 swapAmount, address finalRecipient) private {
        uint256 n = p.legs.length;
        uint256 left = swapAmount;
        for (uint256 i = 0; i < n; i++) {
            uint256 amount = i == n - 1 ? left : (swapAmount * p.legs[i].share) / TOTAL_SHARE;
            left -= amount;
            if (amount > 0) _executeHops(p.legs[i].hops, payer, amount, finalRecipient);
        }
    }

    /// Runs one leg's hops. `payer` is msg.sender or the Router (wrapped native input); later hops are paid
    /// from what the previous hop delivered: straight into the next pool when its venue takes the input
    /// first, else to the Router, which pays exactly that amount on.
    function _executeHops(Hop[] calldata hops, address payer, uint256 amountIn, address finalRecipient) private {
        uint256 n = hops.length;
        if (_takesInputFirst(hops[0].venue)) _pay(hops[0].tokenIn, payer, hops[0].pool, amountIn);
        for (uint256 i = 0; i < n; i++) {
            Hop calldata hop = hops[i];
            bool last = i == n - 1;
            address to = last ? finalRecipient : (_takesInputFirst(hops[i + 1].venue) ? hops[i + 1].pool : address(this));
            uint256 routerBefore = (!last && to == address(this)) ? IERC20(hop.tokenOut).balanceOf(address(this)) : 0;

            _swapHop(hop, to, i == 0 ? payer : address(this), amountIn);

            if (!last && to == address(this)) {
                amountIn = IERC20(hop.tokenOut).balanceOf(address(this)) - routerBefore;
                if (amountIn == 0) revert InvalidAmount();
            }
        }
    }

    /// Venue dispatch: one hop of `amountIn` (already in the pool when the venue takes its input first).
    function _swapHop(Hop calldata hop, address to, address payer, uint256 amountIn) private {
        if (hop.venue == Venue.V2) {
            _swapV2(hop.pool, hop.tokenIn, hop.fee, to);
        } else if (hop.venue == Venue.V3) {
            _swapV3(hop.pool, hop.tokenIn, hop.tokenOut, to, payer, amountIn);
        } else if (hop.venue == Venue.V4) {
            _swapV4(V4Hop(hop.pool, hop.tokenIn, hop.tokenOut, hop.fee, hop.tickSpacing), to, payer, amountIn);
        } else {
            _swapLaunchpad(hop.pool, hop.tokenIn, hop.tokenOut, wrappedNative, to);
        }
    }

    /// Venues whose pools are paid before they swap (and so can receive the previous hop's output directly).
    function _takesInputFirst(Venue venue) private pure returns (bool) {
        return venue == Venue.V2 || venue == Venue.Launchpad;
    }

    function _sendNative(address to, uint256 amount) private {
        if (amount == 0) return;
        (bool ok,) = to.call{value: amount}("");
        if (!ok) revert NativeTransferFailed();
    }
}
