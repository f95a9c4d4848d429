// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @notice USDT-style approvals, for the quote engine's tests: changing a non-zero allowance to another
/// non-zero value reverts, so an allowance below max must be reset to 0 before approving max. Like USDT,
/// `approve` returns nothing.
contract ResetApprovalToken is ERC20 {
    constructor(uint256 supply, address holder) ERC20("Reset Approval Token", "RESET") {
        _mint(holder, supply);
    }

    function approve(address spender, uint256 value) public override returns (bool) {
        require(value == 0 || allowance(msg.sender, spender) == 0, "ResetApprovalToken: reset the allowance to 0 first");
        _approve(msg.sender, spender, value);
        assembly {
            return(0, 0)
        }
    }
}
