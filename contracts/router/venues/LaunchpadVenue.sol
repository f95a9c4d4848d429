// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {VenueBase} from "./VenueBase.sol";

interface ILaunchpadMinimal {
    function buy(address token, uint256 minOut, address trader, address recipient) external returns (uint256);
    function sell(address token, uint256 minOut, address trader, address recipient) external returns (uint256);
}

/// @notice A hop along a launchpad's bonding curve (contracts/launchpad/Launchpad.sol), between the wrapped
/// native token and a launch token. Like a V2 pair the launchpad is paid before it trades, so a previous hop
/// can pay it directly. The trade spends a launch-fee credit the swap's caller paid for this Router: the
/// Router names only its own `msg.sender` as the trader, so no route can spend anyone else's credit.
abstract contract LaunchpadVenue is VenueBase {
    error NotLaunchpadPair();

    function _swapLaunchpad(address launchpad, address tokenIn, address tokenOut, address wrapped, address to) internal {
        if (tokenIn == wrapped) ILaunchpadMinimal(launchpad).buy(tokenOut, 0, msg.sender, to);
        else if (tokenOut == wrapped) ILaunchpadMinimal(launchpad).sell(tokenIn, 0, msg.sender, to);
        else revert NotLaunchpadPair();
    }
}
