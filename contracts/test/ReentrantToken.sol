// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @notice Test-only attacker: an ERC-20 that, once armed, calls `target` with `attackData` from inside every
/// transfer (so from inside the Router's `transferFrom` or a pair's payout) and bubbles up any revert, so a
/// re-entry the target refuses makes the whole outer call fail. Armed with a number of transfers to let
/// through first, it strikes later in a swap (in a later leg of a split route).
contract ReentrantToken is ERC20 {
    address public target;
    bytes public attackData;
    bool public armed;
    uint256 public attempts;
    uint256 public transfersToSkip;

    constructor(uint256 supply) ERC20("Reentrant Token", "REENTER") {
        _mint(msg.sender, supply);
    }

    function arm(address target_, bytes calldata attackData_) external {
        armAfter(target_, attackData_, 0);
    }

    function armAfter(address target_, bytes calldata attackData_, uint256 transfersToSkip_) public {
        target = target_;
        attackData = attackData_;
        transfersToSkip = transfersToSkip_;
        armed = true;
    }

    function disarm() external {
        armed = false;
    }

    function _update(address from, address to, uint256 value) internal override {
        super._update(from, to, value);
        if (armed && from != address(0) && to != address(0)) {
            if (transfersToSkip > 0) {
                transfersToSkip--;
                return;
            }
            armed = false;
            attempts++;
            (bool ok, bytes memory ret) = target.call(attackData);
            if (!ok) {
                assembly {
                    revert(add(ret, 32), mload(ret))
                }
            }
            armed = true;
        }
    }
}
