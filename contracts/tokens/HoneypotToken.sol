// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @notice A honeypot for the audit and simulation code: anyone can buy from a registered pool, but only the
/// owner can sell into one. Everyone else's sell reverts with a readable reason.
contract HoneypotToken is ERC20, Ownable {
    mapping(address => bool) public isPool;

    event PoolSet(address indexed pool, bool enabled);

    constructor(string memory name_, string memory symbol_, uint256 supply, address owner_)
        ERC20(name_, symbol_)
        Ownable(owner_)
    {
        _mint(owner_, supply);
    }

    function setPool(address pool, bool enabled) external onlyOwner {
        isPool[pool] = enabled;
        emit PoolSet(pool, enabled);
    }

    function _update(address from, address to, uint256 value) internal override {
        require(!isPool[to] || from == owner(), "HoneypotToken: only the owner can sell");
        super._update(from, to, value);
    }
}
