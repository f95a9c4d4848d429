// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @notice Fee-on-transfer token in the style of launchpad "tax" tokens: trades against a registered pool
/// pay a buy or sell tax that stays in the token contract itself (so its own balance grows, "clogged" supply).
/// A part of the supply is burnt to the dead address at launch, as such tokens usually do.
contract TaxToken is ERC20, Ownable {
    uint256 public constant BPS = 10_000;
    address public constant DEAD = 0x000000000000000000000000000000000000dEaD;

    uint256 public immutable buyTaxBps;
    uint256 public immutable sellTaxBps;

    /// Transfers from a pool are buys, transfers to a pool are sells.
    mapping(address => bool) public isPool;
    /// Accounts that trade without tax (the owner, so that it can seed liquidity).
    mapping(address => bool) public isExempt;

    event PoolSet(address indexed pool, bool enabled);
    event ExemptSet(address indexed account, bool exempt);

    constructor(
        string memory name_,
        string memory symbol_,
        uint256 supply,
        uint256 buyTaxBps_,
        uint256 sellTaxBps_,
        uint256 burnBps,
        address owner_
    ) ERC20(name_, symbol_) Ownable(owner_) {
        require(buyTaxBps_ <= 2_500 && sellTaxBps_ <= 2_500, "TaxToken: tax too high");
        require(burnBps <= BPS, "TaxToken: burn too high");
        buyTaxBps = buyTaxBps_;
        sellTaxBps = sellTaxBps_;
        isExempt[owner_] = true;
        uint256 burnt = (supply * burnBps) / BPS;
        _mint(DEAD, burnt);
        _mint(owner_, supply - burnt);
    }

    function setPool(address pool, bool enabled) external onlyOwner {
        isPool[pool] = enabled;
        emit PoolSet(pool, enabled);
    }

    function setExempt(address account, bool exempt) external onlyOwner {
        isExempt[account] = exempt;
        emit ExemptSet(account, exempt);
    }

    function _update(address from, address to, uint256 value) internal override {
        uint256 taxBps;
        if (from != address(0) && to != address(0) && !isExempt[from] && !isExempt[to]) {
            if (isPool[from]) taxBps = buyTaxBps;
            else if (isPool[to]) taxBps = sellTaxBps;
        }
        uint256 tax = (value * taxBps) / BPS;
        if (tax > 0) super._update(from, address(this), tax);
        super._update(from, to, value - tax);
    }
}
