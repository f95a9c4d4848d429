// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @notice The parts of the venues and of the wrapped native token the Router calls.
interface IWrappedNative {
    function deposit() external payable;
    function withdraw(uint256 amount) external;
    function transfer(address to, uint256 amount) external returns (bool);
    function balanceOf(address account) external view returns (uint256);
}

/// The bridge Depository's entry for a deposit made on someone's behalf (contracts/bridge/Depository.sol).
interface IBridgeDepository {
    function depositFor(bytes32 requestId, address depositor, address token, uint256 amount) external payable;
}

interface IUniswapV2PairMinimal {
    function token0() external view returns (address);
    function getReserves() external view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast);
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external;
}

interface IUniswapV3PoolMinimal {
    function swap(
        address recipient,
        bool zeroForOne,
        int256 amountSpecified,
        uint160 sqrtPriceLimitX96,
        bytes calldata data
    ) external returns (int256 amount0, int256 amount1);
}

interface IUniswapV3SwapCallback {
    function uniswapV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata data) external;
}

/// PancakeSwap V3 pools call their payer back under this name; the arguments mean the same as Uniswap V3's.
interface IPancakeV3SwapCallback {
    function pancakeV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata data) external;
}
