// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

interface IV3Callbacks {
    function uniswapV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata data) external;
    function pancakeV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata data) external;
}

/// @notice Test-only attacker posing as a Uniswap V3 pool (or, switched, a PancakeSwap V3 pool): it asks the
/// Router, through the swap callback, for whatever amounts it was configured with (as often as configured),
/// or calls the callback out of the blue. The callback's data is the configured data, or, when none is
/// configured, the data the swap was called with (as a real pool hands it back).
contract FakeV3Pool {
    int256 public ask0;
    int256 public ask1;
    uint256 public times = 1;
    bytes public callbackData;
    bool public pancake;

    function configure(int256 ask0_, int256 ask1_, uint256 times_, bytes calldata data) external {
        ask0 = ask0_;
        ask1 = ask1_;
        times = times_;
        callbackData = data;
    }

    /// Calls back as a PancakeSwap V3 pool does (`pancakeV3SwapCallback`) instead of a Uniswap V3 one.
    function setPancake(bool pancake_) external {
        pancake = pancake_;
    }

    /// Pool-shaped entry point: the Router calls this when a crafted route names this contract as a V3 pool.
    function swap(address, bool, int256, uint160, bytes calldata data) external returns (int256, int256) {
        bytes memory handedBack = data;
        if (callbackData.length > 0) handedBack = callbackData;
        for (uint256 i = 0; i < times; i++) {
            _callback(msg.sender, ask0, ask1, handedBack);
        }
        return (ask0, ask1);
    }

    /// Calls the callback directly, outside any swap.
    function attack(address router, int256 amount0Delta, int256 amount1Delta, bytes calldata data) external {
        _callback(router, amount0Delta, amount1Delta, data);
    }

    function _callback(address router, int256 amount0Delta, int256 amount1Delta, bytes memory data) private {
        if (pancake) IV3Callbacks(router).pancakeV3SwapCallback(amount0Delta, amount1Delta, data);
        else IV3Callbacks(router).uniswapV3SwapCallback(amount0Delta, amount1Delta, data);
    }
}
