// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @notice What every venue module of the Router shares: the one way a hop's input moves, and the error
/// for an amount a hop cannot work with.
///
/// The input moves from the current payer only, which is either the Router itself (it holds what an earlier
/// hop or a native wrap delivered) or `msg.sender` of the swap. No venue module takes any other payer, so a
/// crafted route can never spend a third party's allowance.
abstract contract VenueBase {
    using SafeERC20 for IERC20;

    error InvalidAmount();

    function _pay(address token, address payer, address to, uint256 amount) internal {
        if (payer == address(this)) IERC20(token).safeTransfer(to, amount);
        else IERC20(token).safeTransferFrom(payer, to, amount);
    }
}
