// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

interface ILensV3Factory {
    function getPool(address tokenA, address tokenB, uint24 fee) external view returns (address);
}

interface ILensV3Pool {
    function liquidity() external view returns (uint128);
}

interface ILensQuoterV2 {
    struct QuoteExactInputSingleParams {
        address tokenIn;
        address tokenOut;
        uint256 amountIn;
        uint24 fee;
        uint160 sqrtPriceLimitX96;
    }

    function quoteExactInputSingle(QuoteExactInputSingleParams memory params)
        external
        returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate);
}

/// @notice Uniswap V3 for the QuoteLens: find a pool with liquidity in a fee tier, and price an input with
/// the venue's own QuoterV2.
abstract contract UniswapV3Lens {
    /// Gas one quoter call may burn: a pool too shallow for the amount walks every empty bitmap word to the
    /// price limit, which must cost that pool's answer, not the whole lens call.
    uint256 private constant QUOTER_GAS = 3_000_000;

    function _v3Pool(address factory, address a, address b, uint24 fee) internal view returns (address) {
        if (factory == address(0)) return address(0);
        try ILensV3Factory(factory).getPool(a, b, fee) returns (address pool) {
            if (pool == address(0) || ILensV3Pool(pool).liquidity() == 0) return address(0);
            return pool;
        } catch {
            return address(0);
        }
    }

    /// Output from the quoter; spot = (sqrtPriceX96, 1 when a is token0 else 0).
    function _v3Out(address quoter, address pool, address a, address b, uint24 fee, uint256 amountIn)
        internal
        returns (uint256 out, uint256[2] memory spot)
    {
        // Only slot0's first word: forks differ in the later fields (PancakeSwap's feeProtocol is a uint32,
        // which a uint8 decode rejects).
        (bool ok, bytes memory answer) = pool.staticcall(abi.encodeWithSignature("slot0()"));
        uint256 sqrtPriceX96 = ok && answer.length >= 32 ? abi.decode(answer, (uint256)) : 0;
        spot = [sqrtPriceX96, a < b ? 1 : 0];
        if (amountIn == 0 || quoter == address(0)) return (0, spot);
        try ILensQuoterV2(quoter).quoteExactInputSingle{gas: QUOTER_GAS}(
            ILensQuoterV2.QuoteExactInputSingleParams({
                tokenIn: a, tokenOut: b, amountIn: amountIn, fee: fee, sqrtPriceLimitX96: 0
            })
        ) returns (uint256 amountOut, uint160, uint32, uint256) {
            out = amountOut;
        } catch {
            out = 0;
        }
    }
}
