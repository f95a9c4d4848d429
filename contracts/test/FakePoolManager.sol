// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IUnlockCallback} from "@uniswap/v4-core/src/interfaces/callback/IUnlockCallback.sol";
import {BalanceDelta, toBalanceDelta} from "@uniswap/v4-core/src/types/BalanceDelta.sol";
import {Currency} from "@uniswap/v4-core/src/types/Currency.sol";
import {PoolKey} from "@uniswap/v4-core/src/types/PoolKey.sol";
import {SwapParams} from "@uniswap/v4-core/src/types/PoolOperation.sol";

/// @notice Test-only attacker posing as a Uniswap V4 PoolManager: on `unlock` it calls the Router back as
/// often as configured, with the Router's own data or with data of its choosing; its `swap` reports the
/// configured deltas, `settle` reports what arrived since `sync`, and `take` pays nothing. `attack` calls the
/// callback out of the blue.
contract FakePoolManager {
    int128 public delta0;
    int128 public delta1;
    uint256 public times = 1;
    bytes public replacementData;
    address private _synced;
    uint256 private _syncedBalance;

    function configure(int128 delta0_, int128 delta1_, uint256 times_, bytes calldata replacementData_) external {
        delta0 = delta0_;
        delta1 = delta1_;
        times = times_;
        replacementData = replacementData_;
    }

    function unlock(bytes calldata data) external returns (bytes memory) {
        bytes memory callbackData = data;
        if (replacementData.length > 0) callbackData = replacementData;
        for (uint256 i = 0; i < times; i++) {
            IUnlockCallback(msg.sender).unlockCallback(callbackData);
        }
        return "";
    }

    function swap(PoolKey memory, SwapParams memory, bytes calldata) external view returns (BalanceDelta) {
        return toBalanceDelta(delta0, delta1);
    }

    function sync(Currency currency) external {
        _synced = Currency.unwrap(currency);
        _syncedBalance = IERC20(_synced).balanceOf(address(this));
    }

    function settle() external payable returns (uint256) {
        return IERC20(_synced).balanceOf(address(this)) - _syncedBalance;
    }

    function take(Currency, address, uint256) external {}

    function attack(address router, bytes calldata data) external {
        IUnlockCallback(router).unlockCallback(data);
    }
}
