// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @notice What every venue module of the Router shares: the one way a hop's input moves, and the errors
/// of the venues that ask for their input in a callback.
///
/// The input moves from the current payer only, which is either the Router itself (it holds what an earlier
/// hop or a native wrap delivered) or `msg.sender` of the swap. No venue module takes any other payer, so a
/// crafted route can never spend a third party's allowance.
abstract contract VenueBase {
    using SafeERC20 for IERC20;

    // TickMath's MIN_SQRT_PRICE + 1 and MAX_SQRT_PRICE - 1 (the same in V3 and V4): no price limit, so a pool
    // without enough depth fills partially and the hop reverts (IncompleteSwap).
    uint160 internal constant MIN_SQRT_PRICE_LIMIT = 4295128740;
    uint160 internal constant MAX_SQRT_PRICE_LIMIT = 1461446703485210103287273052203988822378723970341;

    error InvalidAmount();
    /// A venue callback from anyone but the pool or manager the Router is swapping with at that moment.
    error UnexpectedCallback();
    /// The venue swapped less than the hop's amount: exact-in, it took less input (the rest would stay
    /// behind); exact-out, it delivered (or could deliver) less output than asked.
    error IncompleteSwap(uint256 paid, uint256 expected);

    function _pay(address token, address payer, address to, uint256 amount) internal {
        if (payer == address(this)) IERC20(token).safeTransfer(to, amount);
        else IERC20(token).safeTransferFrom(payer, to, amount);
    }
}
