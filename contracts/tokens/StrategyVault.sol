// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC4626} from "@openzeppelin/contracts/token/ERC20/extensions/ERC4626.sol";

interface IStrategyPair {
    function token0() external view returns (address);
    function token1() external view returns (address);
}

interface IStrategyPairFactory {
    function getPair(address tokenA, address tokenB) external view returns (address);
}

/// @notice A strategy token: ERC-4626 shares of a listed token, which only permitted holders may hold or
/// move. A holder grants itself the trading permit once with `permit()` (its own transaction: the quote's
/// `extra`); Uniswap V2 pairs of `pairFactory` that trade the shares, and addresses the owner exempts, need
/// none. Every share movement checks both ends (minting and burning check the holder), so neither a deposit
/// nor a swap can leave shares with an unpermitted account.
contract StrategyVault is ERC4626, Ownable {
    address public immutable pairFactory;
    mapping(address holder => bool) public isPermitted;
    mapping(address holder => bool) public exempt;

    event Permitted(address indexed holder);
    event Exempted(address indexed holder, bool exempt);

    error PermitRequired(address holder);

    constructor(IERC20 asset_, string memory name_, string memory symbol_, address pairFactory_, address owner_)
        ERC20(name_, symbol_)
        ERC4626(asset_)
        Ownable(owner_)
    {
        pairFactory = pairFactory_;
    }

    /// Tells routers and wallets that holding these shares takes the permit.
    function permitRequired() external pure returns (bool) {
        return true;
    }

    /// The caller's trading permit: idempotent, free, and only for itself.
    function permit() external {
        isPermitted[msg.sender] = true;
        emit Permitted(msg.sender);
    }

    function setExempt(address holder, bool on) external onlyOwner {
        exempt[holder] = on;
        emit Exempted(holder, on);
    }

    function _update(address from, address to, uint256 value) internal override {
        if (from != address(0)) _requirePermit(from);
        if (to != address(0)) _requirePermit(to);
        super._update(from, to, value);
    }

    function _requirePermit(address holder) private view {
        if (isPermitted[holder] || exempt[holder] || _isSharePair(holder)) return;
        revert PermitRequired(holder);
    }

    /// A pair of `pairFactory` with these shares on one side, as the factory itself records it.
    function _isSharePair(address holder) private view returns (bool) {
        if (holder.code.length == 0 || pairFactory == address(0)) return false;
        try IStrategyPair(holder).token0() returns (address token0) {
            try IStrategyPair(holder).token1() returns (address token1) {
                if (token0 != address(this) && token1 != address(this)) return false;
                return IStrategyPairFactory(pairFactory).getPair(token0, token1) == holder;
            } catch {
                return false;
            }
        } catch {
            return false;
        }
    }
}
