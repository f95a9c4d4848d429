// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// Test-only: a "depository" a caller of the Router's swapAndDeposit names instead of the real one, which tries to
/// take more from the Router than the swap returned, then takes what it was approved for and keeps it.
contract GreedyDepository {
    bool public tookMore;
    uint256 public lastAmount;

    function depositFor(bytes32, address, address token, uint256 amount) external payable {
        lastAmount = token == address(0) ? msg.value : amount;
        if (token == address(0)) return;
        try IERC20(token).transferFrom(msg.sender, address(this), amount + 1) returns (bool ok) {
            tookMore = ok;
        } catch {}
        IERC20(token).transferFrom(msg.sender, address(this), amount);
    }
}
