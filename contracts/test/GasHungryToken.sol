// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @notice Test-only attacker: an ERC-20 whose every transfer (mints and burns too) writes `slotsPerTransfer`
/// storage slots that were never written before, each a zero-to-nonzero store (about 22,100 gas), so a swap
/// into it costs whatever gas its owner chooses. The owner sets the number at any time, also between a quote
/// and the swap it priced.
contract GasHungryToken is ERC20 {
    address public immutable owner;
    uint256 public slotsPerTransfer;
    /// The next unwritten slot of `scratch`: every transfer writes fresh slots from here.
    uint256 public nextSlot;
    mapping(uint256 => uint256) private scratch;

    error NotOwner();

    constructor(uint256 supply, address holder) ERC20("Gas Hungry Token", "HUNGRY") {
        owner = msg.sender;
        _mint(holder, supply);
    }

    function setSlotsPerTransfer(uint256 slots) external {
        if (msg.sender != owner) revert NotOwner();
        slotsPerTransfer = slots;
    }

    function _update(address from, address to, uint256 value) internal override {
        uint256 slots = slotsPerTransfer;
        uint256 next = nextSlot;
        for (uint256 i = 0; i < slots; ++i) scratch[next + i] = 1;
        nextSlot = next + slots;
        super._update(from, to, value);
    }
}
