// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

interface ILensV2Factory {
    function getPair(address tokenA, address tokenB) external view returns (address);
}

interface ILensV2Pair {
    function token0() external view returns (address);
    function getReserves() external view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast);
}

/// @notice Uniswap V2 and its forks for the QuoteLens: find a pair, and the Router's own V2 formula with the hop's
/// fee in hundredths of a bip (3000 for Uniswap V2's 0.3 %, 2500 for PancakeSwap V2's 0.25 %).
abstract contract UniswapV2Lens {
    uint256 private constant FEE_DENOMINATOR = 1_000_000;

    function _v2Pair(address factory, address a, address b) internal view returns (address) {
        if (factory == address(0)) return address(0);
        try ILensV2Factory(factory).getPair(a, b) returns (address pair) {
            return pair;
        } catch {
            return address(0);
        }
    }

    /// Output for an input that arrives in full; spot = (reserveIn, reserveOut).
    function _v2Out(address pair, address tokenIn, uint24 fee, uint256 amountIn)
        internal
        view
        returns (uint256 out, uint256[2] memory spot)
    {
        return _v2OutAfter(pair, tokenIn, fee, amountIn, 0, 0);
    }

    /// Output after earlier swaps the same way through the pair put `addedIn` in and took `takenOut` out (each
    /// swap leaves its whole input, fee included, in the reserves); spot = the reserves before any of them.
    function _v2OutAfter(address pair, address tokenIn, uint24 fee, uint256 amountIn, uint256 addedIn, uint256 takenOut)
        internal
        view
        returns (uint256 out, uint256[2] memory spot)
    {
        (uint112 reserve0, uint112 reserve1,) = ILensV2Pair(pair).getReserves();
        bool inIs0 = ILensV2Pair(pair).token0() == tokenIn;
        (uint256 reserveIn, uint256 reserveOut) = inIs0 ? (uint256(reserve0), uint256(reserve1)) : (uint256(reserve1), uint256(reserve0));
        spot = [reserveIn, reserveOut];
        if (reserveIn == 0 || reserveOut <= takenOut || amountIn == 0) return (0, spot);
        uint256 withFee = amountIn * (FEE_DENOMINATOR - fee);
        out = (withFee * (reserveOut - takenOut)) / ((reserveIn + addedIn) * FEE_DENOMINATOR + withFee);
    }
}
