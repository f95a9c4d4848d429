// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

interface IV3FamilyPool {
    function token0() external view returns (address);
    function token1() external view returns (address);
    function mint(address recipient, int24 tickLower, int24 tickUpper, uint128 amount, bytes calldata data)
        external
        returns (uint256 amount0, uint256 amount1);
}

/// @notice Adds liquidity to a pool of the Uniswap V3 family (Uniswap V3, PancakeSwap V3) for whoever
/// calls it: the pool asks for the tokens in its mint callback (`uniswapV3MintCallback` or
/// `pancakeV3MintCallback`, whichever its family calls), and they are pulled from the caller, who must have
/// approved this contract. Uniswap's NonfungiblePositionManager serves only Uniswap's own pools.
///
/// Callers approve this contract, so its callback pays only the pool it is minting on at that moment, once:
/// the pool and the caller are recorded in transient storage for the one `mint` call.
contract V3LiquidityMinter {
    using SafeERC20 for IERC20;

    address private transient _expectedPool;
    address private transient _payer;

    error UnexpectedCallback();

    function mint(address pool, address recipient, int24 tickLower, int24 tickUpper, uint128 liquidity)
        external
        returns (uint256 amount0, uint256 amount1)
    {
        _expectedPool = pool;
        _payer = msg.sender;
        (amount0, amount1) = IV3FamilyPool(pool).mint(recipient, tickLower, tickUpper, liquidity, "");
        _expectedPool = address(0);
        _payer = address(0);
    }

    function uniswapV3MintCallback(uint256 amount0Owed, uint256 amount1Owed, bytes calldata) external {
        _payOwed(amount0Owed, amount1Owed);
    }

    function pancakeV3MintCallback(uint256 amount0Owed, uint256 amount1Owed, bytes calldata) external {
        _payOwed(amount0Owed, amount1Owed);
    }

    function _payOwed(uint256 amount0Owed, uint256 amount1Owed) private {
        address pool = _expectedPool;
        if (pool == address(0) || msg.sender != pool) revert UnexpectedCallback();
        _expectedPool = address(0);
        if (amount0Owed > 0) IERC20(IV3FamilyPool(pool).token0()).safeTransferFrom(_payer, pool, amount0Owed);
        if (amount1Owed > 0) IERC20(IV3FamilyPool(pool).token1()).safeTransferFrom(_payer, pool, amount1Owed);
    }
}
