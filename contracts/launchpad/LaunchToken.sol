// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @notice A token made by the Launchpad: 18 decimals, its whole fixed supply minted to the launchpad, which
/// sells it along its curve and puts the rest in a pool (or burns it) at graduation.
contract LaunchToken is ERC20 {
    constructor(string memory name_, string memory symbol_, uint256 supply) ERC20(name_, symbol_) {
        _mint(msg.sender, supply);
    }
}
