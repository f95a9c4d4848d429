// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {IBridgeDepository, IWrappedNative} from "./IRouterVenues.sol";
import {UniswapV2Venue} from "./venues/UniswapV2Venue.sol";
import {UniswapV3Venue} from "./venues/UniswapV3Venue.sol";
import {UniswapV4Venue} from "./venues/UniswapV4Venue.sol";
import {LaunchpadVenue} from "./venues/LaunchpadVenue.sol";

/// @notice Executes swaps over the venues it knows, split over up to 24 legs of up to three hops each, takes
/// the protocol and integrator fees in the same transaction, and enforces a deadline: exact-in (`swap`, with
/// `amountOutMin`) and exact-out (`swapExactOut`, which delivers exactly `amountOut` and bounds the input by
/// `amountInMax`).
///
/// Users give this contract unlimited allowance, so its safety rests on a few rules:
/// - tokens are only ever pulled from `msg.sender` (no function takes a payer; venue modules pay through
///   `VenueBase._pay` from the payer the Router hands them), or paid out of what the swap itself delivered
///   to the Router;
/// - a venue that calls back for its input (V3 and its forks, V4) pays only the pool or manager the Router
///   is swapping with at that moment, only once, only the hop's input token and, exact-in, never more than
///   the hop's input amount (exact-out, whatever the pool asks counts towards `amountInMax`, checked before
///   the swap returns);
/// - every external entry point is behind one reentrancy lock (the callbacks, which pools call mid-swap,
///   are gated by the recorded pool or manager instead);
/// - every intermediate amount is consumed within the swap, so the Router holds nothing between transactions;
/// - `swapAndDeposit` hands a bridge depository exactly what its own swap returned (the value of the call, or an
///   approval of that amount, cleared after), and nothing else;
/// - fee-on-transfer tokens are exact on V2 hops of exact-in swaps: amounts are balance differences. An
///   exact-out swap cannot be exact with them and reverts.
///
/// Each venue is one module under `venues/`; `_swapHop` and `_takesInputFirst` (exact-in) and `_exactOutHop`
/// (exact-out) are the only places that dispatch on the venue, so a new venue is its module, one `Venue`
/// member and one branch in each.
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
        /// Parts per million of the swapped amount (exact-in: of the input after input-side fees; exact-out:
        /// of the legs' total output); the shares of a route add up to TOTAL_SHARE, the last leg gets the rest.
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

    struct ExactOutParams {
        /// address(0) = native (wrapped through `wrappedNative` at the route's ends).
        address tokenIn;
        address tokenOut;
        /// Exactly what the recipient receives (after output-side fees).
        uint256 amountOut;
        /// The most the sender spends, fees included. Native in: `msg.value` must equal it; what is not spent
        /// comes back to `msg.sender` in the same transaction.
        uint256 amountInMax;
        address recipient;
        uint256 deadline;
        Leg[] legs;
        uint16 protocolFeeBps;
        uint16 integratorFeeBps;
        address integrator;
    }

    uint256 public constant BPS = 10_000;
    uint16 public constant MIN_PROTOCOL_FEE_BPS = 10;
    uint256 public constant MAX_LEGS = 24;
    uint256 public constant MAX_HOPS = 3;
    uint256 public constant TOTAL_SHARE = 1_000_000;
    /// Hop fees are hundredths of a bip; a fee of 100 % or more prices nothing.
    uint256 private constant MAX_HOP_FEE = 1_000_000;

    address public immutable wrappedNative;
    address public feeCollector;
    /// Exact-out: what the payer has paid into the legs' first hops so far in the current swap.
    uint256 private transient _exactOutSpent;

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
    /// Exact-out: the swap would cost more than `amountInMax` (fees included).
    error InputExceeded(uint256 amountIn, uint256 amountInMax);
    /// Exact-out: the recipient (or the Router, for a native output) did not receive exactly the amount
    /// asked, e.g. a fee-on-transfer output token.
    error InexactOutput(uint256 received, uint256 expected);
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

    /// The fees of an exact-out swap on `amount`, each rounded up: `fee = ceil(amount * bps / (BPS -
    /// protocolBps - integratorBps))`, and `gross = amount + protocolFee + integratorFee`, so that the fees are
    /// (about) their bps of `gross` and `amount` is exactly what is left of it. Input side (all but token to
    /// native): `amount` is the swap input the legs spent and `gross` what the sender pays. Output side (token
    /// to native): `amount` is `amountOut` and `gross` what the legs deliver. Fees of 100 % price nothing.
    function previewExactOutFees(uint256 amount, uint16 protocolBps, uint16 integratorBps)
        public
        pure
        returns (uint256 protocolFee, uint256 integratorFee, uint256 gross)
    {
        uint256 totalBps = uint256(protocolBps) + integratorBps;
        if (totalBps >= BPS) revert InvalidFee();
        protocolFee = Math.ceilDiv(amount * protocolBps, BPS - totalBps);
        integratorFee = Math.ceilDiv(amount * integratorBps, BPS - totalBps);
        gross = amount + protocolFee + integratorFee;
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

    /// Swaps for exactly `p.amountOut` to `p.recipient`, spending at most `p.amountInMax`, fees included (as
    /// Uniswap's exactOutput does). Legs are V2, V3 (and forks) and V4 hops (a launchpad hop is refused,
    /// InvalidRoute), checked as `swap` checks them; each is asked for its share of what the legs deliver and
    /// runs backwards: its last hop is asked for its exact output, and what a hop is owed is obtained by
    /// asking the hop before for exactly that amount, paid straight to the pool or manager that is owed (to a
    /// V4 manager after another venue, through the Router: `_v4ExactOut`); the first hop's input is paid by
    /// `msg.sender`, or for native input out of `msg.value` (which must equal `amountInMax`), wrapped. Fees are on the native side when there is one, else on tokenIn
    /// (`previewExactOutFees`): added to the input the legs spent, or, token to native, to `amountOut`, the
    /// legs delivering both. Native in: what is not spent comes back to `msg.sender` in this transaction.
    /// Reverts `InputExceeded` above `amountInMax`, `IncompleteSwap` when a pool cannot deliver a hop's
    /// amount, `InexactOutput` when the recipient does not receive exactly `amountOut` (a fee-on-transfer
    /// output). Returns what the sender spent, fees included, as the `Swapped` event does.
    function swapExactOut(ExactOutParams calldata p) external payable nonReentrant returns (uint256 amountIn) {
        _validateExactOut(p);
        uint256 protocolFee;
        uint256 integratorFee;
        (amountIn, protocolFee, integratorFee) = p.tokenOut == address(0) ? _exactOutToNative(p) : _exactOutFeesIn(p);
        emit Swapped(
            msg.sender,
            p.recipient,
            p.tokenIn,
            p.tokenOut,
            amountIn,
            p.amountOut,
            protocolFee,
            integratorFee,
            p.integrator
        );
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
        _validateCommon(p.deadline, p.protocolFeeBps, p.integratorFeeBps, p.integrator, p.recipient);
        if (p.amountIn == 0) revert InvalidAmount();
        if (p.tokenIn == address(0) ? msg.value != p.amountIn : msg.value != 0) revert InvalidNativeAmount();
        _checkRoute(p.legs, p.tokenIn, p.tokenOut, false);
    }

    /// What both kinds of swap require: a live deadline, valid fees, a recipient other than the Router.
    function _validateCommon(
        uint256 deadline,
        uint16 protocolFeeBps,
        uint16 integratorFeeBps,
        address integrator,
        address recipient
    ) private view {
        if (block.timestamp > deadline) revert DeadlineExpired();
        if (
            protocolFeeBps < MIN_PROTOCOL_FEE_BPS || uint256(protocolFeeBps) + integratorFeeBps > BPS
                || (integratorFeeBps > 0 && integrator == address(0))
        ) revert InvalidFee();
        if (recipient == address(0) || recipient == address(this)) revert InvalidRecipient();
    }

    function _validateExactOut(ExactOutParams calldata p) private view {
        _validateCommon(p.deadline, p.protocolFeeBps, p.integratorFeeBps, p.integrator, p.recipient);
        // Fees of 100 % leave nothing to deliver an exact output from.
        if (uint256(p.protocolFeeBps) + p.integratorFeeBps >= BPS) revert InvalidFee();
        if (p.amountOut == 0) revert InvalidAmount();
        if (p.tokenIn == address(0) ? msg.value != p.amountInMax : msg.value != 0) revert InvalidNativeAmount();
        _checkRoute(p.legs, p.tokenIn, p.tokenOut, true);
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
    function _checkRoute(Leg[] calldata legs, address tokenIn, address tokenOut, bool exactOut) private view {
        uint256 n = legs.length;
        if (n == 0 || n > MAX_LEGS || tokenIn == tokenOut) revert InvalidRoute();
        address routeIn = tokenIn == address(0) ? wrappedNative : tokenIn;
        address routeOut = tokenOut == address(0) ? wrappedNative : tokenOut;
        uint256 shares;
        for (uint256 i = 0; i < n; i++) {
            if (legs[i].share == 0) revert InvalidRoute();
            shares += legs[i].share;
            _checkPath(legs[i].hops, routeIn, routeOut, exactOut);
        }
        if (shares != TOTAL_SHARE) revert InvalidRoute();
    }

    /// 1..MAX_HOPS hops chaining `tokenIn` to `tokenOut`. No hop has hooks: V2 and V3 have none, and only V4
    /// pools without hooks are routed. Exact-out has no launchpad hops: a curve is only traded exact-in.
    function _checkPath(Hop[] calldata hops, address tokenIn, address tokenOut, bool exactOut) private pure {
        uint256 n = hops.length;
        if (n == 0 || n > MAX_HOPS) revert InvalidRoute();
        address expectedIn = tokenIn;
        for (uint256 i = 0; i < n; i++) {
            Hop calldata hop = hops[i];
            if (
                hop.tokenIn != expectedIn || hop.tokenOut == hop.tokenIn || hop.pool == address(0)
                    || hop.tokenOut == address(0) || hop.hooks != address(0) || hop.fee >= MAX_HOP_FEE
                    || (exactOut && hop.venue == Venue.Launchpad)
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

    /// Exact-out, token to native: the legs deliver `amountOut` plus the output-side fees as wrapped native
    /// to the Router, which unwraps all of it, pays the fees and exactly `amountOut` to the recipient.
    function _exactOutToNative(ExactOutParams calldata p)
        private
        returns (uint256 amountIn, uint256 protocolFee, uint256 integratorFee)
    {
        uint256 gross;
        (protocolFee, integratorFee, gross) = previewExactOutFees(p.amountOut, p.protocolFeeBps, p.integratorFeeBps);
        amountIn = _executeExactOutLegs(p, gross, address(this), msg.sender);
        if (amountIn > p.amountInMax) revert InputExceeded(amountIn, p.amountInMax);
        IWrappedNative(wrappedNative).withdraw(gross);
        _sendNative(feeCollector, protocolFee);
        _sendNative(p.integrator, integratorFee);
        _sendNative(p.recipient, p.amountOut);
    }

    /// Exact-out, everything but token to native: the legs deliver `amountOut` straight to the recipient and
    /// the fees are added to the input they spent. Native input is wrapped whole first (the spend is known only
    /// after the legs); what is left is unwrapped, the fees are paid from it and the rest goes back to the
    /// sender, so the Router keeps nothing.
    function _exactOutFeesIn(ExactOutParams calldata p)
        private
        returns (uint256 amountIn, uint256 protocolFee, uint256 integratorFee)
    {
        bool nativeIn = p.tokenIn == address(0);
        if (nativeIn) IWrappedNative(wrappedNative).deposit{value: msg.value}();
        uint256 spent = _executeExactOutLegs(p, p.amountOut, p.recipient, nativeIn ? address(this) : msg.sender);
        (protocolFee, integratorFee, amountIn) = previewExactOutFees(spent, p.protocolFeeBps, p.integratorFeeBps);
        if (amountIn > p.amountInMax) revert InputExceeded(amountIn, p.amountInMax);
        if (nativeIn) {
            uint256 unspent = p.amountInMax - spent;
            if (unspent > 0) IWrappedNative(wrappedNative).withdraw(unspent);
            _sendNative(feeCollector, protocolFee);
            _sendNative(p.integrator, integratorFee);
            _sendNative(msg.sender, p.amountInMax - amountIn);
        } else {
            if (protocolFee > 0) IERC20(p.tokenIn).safeTransferFrom(msg.sender, feeCollector, protocolFee);
            if (integratorFee > 0) IERC20(p.tokenIn).safeTransferFrom(msg.sender, p.integrator, integratorFee);
        }
    }

    /// Runs the legs one after another from `payer`, each asked for its share of `total` (rounded down; the
    /// last leg gets the rest, so the legs deliver exactly `total`; a leg whose share rounds down to nothing
    /// is skipped), delivered to `to`, whose balance must grow by exactly `total`. Returns what the payer paid.
    function _executeExactOutLegs(ExactOutParams calldata p, uint256 total, address to, address payer)
        private
        returns (uint256 spent)
    {
        IERC20 out = IERC20(p.tokenOut == address(0) ? wrappedNative : p.tokenOut);
        uint256 before = out.balanceOf(to);
        uint256 n = p.legs.length;
        uint256 left = total;
        for (uint256 i = 0; i < n; i++) {
            uint256 amount = i == n - 1 ? left : (total * p.legs[i].share) / TOTAL_SHARE;
            left -= amount;
            if (amount > 0) _exactOutHop(p.legs[i].hops, p.legs[i].hops.length, amount, to, payer);
        }
        uint256 balance = out.balanceOf(to);
        uint256 received = balance > before ? balance - before : 0;
        if (received != total) revert InexactOutput(received, total);
        spent = _exactOutSpent;
        _exactOutSpent = 0;
    }

    /// Exact-out venue dispatch: delivers exactly `amountOut` of `hops[n - 1]`'s output to `to`, and has what
    /// the hop is owed paid by `_payOwed` (the hops before it, run backwards, or the payer). V3 and V4 hops are
    /// paid in a callback, so the hops and the payer travel in the request the pool or manager hands back.
    function _exactOutHop(Hop[] memory hops, uint256 n, uint256 amountOut, address to, address payer) private {
        Hop memory hop = hops[n - 1];
        if (hop.venue == Venue.V2) {
            (uint256 amountIn, bool inIsToken0) = _v2AmountIn(hop.pool, hop.tokenIn, hop.fee, amountOut);
            _payOwed(hops, n, payer, hop.pool, amountIn);
            _v2Send(hop.pool, inIsToken0, amountOut, to);
        } else if (hop.venue == Venue.V3) {
            bytes memory request = abi.encode(hops, n, amountOut, to, payer);
            _swapV3ExactOut(hop.pool, hop.tokenIn < hop.tokenOut, amountOut, to, request);
        } else if (_isUnlocked(hop.pool)) {
            // V4, in a manager already unlocked for a later hop of this leg: unlock cannot nest.
            _v4ExactOut(hops, n, amountOut, to, payer);
        } else {
            // V4 (the route check refuses launchpad hops here).
            _unlockV4ExactOut(hop.pool, amountOut, abi.encode(hops, n, amountOut, to, payer));
        }
    }

    /// Pays `amount` of `hops[n - 1]`'s input to `to`, the pool that is owed it: the payer for a leg's first
    /// hop (counted as spent), else the hop before, asked for exactly that output, delivered straight to `to`.
    function _payOwed(Hop[] memory hops, uint256 n, address payer, address to, uint256 amount) private {
        if (n > 1) return _exactOutHop(hops, n - 1, amount, to, payer);
        _exactOutSpent += amount;
        _pay(hops[0].tokenIn, payer, to, amount);
    }

    /// Exact-out V3 callback, its pool and request already checked by the venue module: the pool must have
    /// delivered exactly the hop's output before it is paid what it asks.
    function _payV3ExactOut(address pool, int256 amount0Delta, int256 amount1Delta, bytes calldata request)
        internal
        override
    {
        (Hop[] memory hops, uint256 n, uint256 amountOut,, address payer) =
            abi.decode(request, (Hop[], uint256, uint256, address, address));
        bool zeroForOne = hops[n - 1].tokenIn < hops[n - 1].tokenOut;
        (int256 owed, int256 delivered) = zeroForOne ? (amount0Delta, -amount1Delta) : (amount1Delta, -amount0Delta);
        if (delivered != int256(amountOut)) revert IncompleteSwap(delivered > 0 ? uint256(delivered) : 0, amountOut);
        if (owed <= 0) revert InvalidCallbackAmount();
        _payOwed(hops, n, payer, pool, uint256(owed));
    }

    /// Exact-out unlock callback, its manager and request already checked by the venue module.
    function _runV4ExactOut(bytes calldata request) internal override {
        (Hop[] memory hops, uint256 n, uint256 amountOut, address to, address payer) =
            abi.decode(request, (Hop[], uint256, uint256, address, address));
        _v4ExactOut(hops, n, amountOut, to, payer);
    }

    /// One exact-out V4 hop inside its manager's unlock, then what it owes. A hop before it in the same manager
    /// leaves its output there as credit (flash accounting: the middle currency nets out); otherwise the input
    /// is paid in by the payer (first hop) or by the hops before, delivered to the Router first, because
    /// nothing may run between the manager's sync and settle.
    function _v4ExactOut(Hop[] memory hops, uint256 n, uint256 amountOut, address to, address payer) private {
        Hop memory hop = hops[n - 1];
        uint256 owed =
            _v4SwapExactOut(V4Hop(hop.pool, hop.tokenIn, hop.tokenOut, hop.fee, hop.tickSpacing), amountOut, to);
        if (n > 1 && hops[n - 2].venue == Venue.V4 && hops[n - 2].pool == hop.pool) {
            _v4ExactOut(hops, n - 1, owed, address(0), payer);
        } else if (n > 1) {
            _exactOutHop(hops, n - 1, owed, address(this), payer);
            _v4Settle(hop.pool, hop.tokenIn, address(this), owed);
        } else {
            _exactOutSpent += owed;
            _v4Settle(hop.pool, hop.tokenIn, payer, owed);
        }
    }

    function _sendNative(address to, uint256 amount) private {
        if (amount == 0) return;
        (bool ok,) = to.call{value: amount}("");
        if (!ok) revert NativeTransferFailed();
    }
}
