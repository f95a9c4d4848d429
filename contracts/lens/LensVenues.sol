// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Router} from "../router/Router.sol";
import {UniswapV2Lens} from "./venues/UniswapV2Lens.sol";
import {UniswapV3Lens} from "./venues/UniswapV3Lens.sol";
import {ConcentratedLens} from "./venues/ConcentratedLens.sol";

interface ILensLaunchpad {
    function isLaunchToken(address token) external view returns (bool);
    function curve(address token) external view returns (uint256, uint256, uint256, uint256, bool, address);
    function quoteBuy(address token, uint256 amountIn) external view returns (uint256);
    function quoteSell(address token, uint256 amountIn) external view returns (uint256);
}

/// @notice The QuoteLens' venue dispatch: the only place it asks which venue a pool belongs to. A new venue
/// is its module under `venues/` plus one branch in each function here.
abstract contract LensVenues is UniswapV2Lens, UniswapV3Lens, ConcentratedLens {
    /// One venue deployment on the chain, as the server's venue table describes it.
    struct VenueConfig {
        Router.Venue kind;
        /// The contract that knows the venue's pools (V2/V3: the factory).
        address factory;
        /// The venue's own quoter, where pool math needs one (V3: QuoterV2); address(0) otherwise.
        address quoter;
        /// Fee tiers to look in, hundredths of a bip (V2: the venue's one fee: 3000 for Uniswap V2, 2500 for PancakeSwap V2).
        uint24[] fees;
    }

    /// The venue's pool for (a, b) in fee tier `fee`, or address(0) when there is none worth pricing.
    function _findPool(VenueConfig calldata venue, address a, address b, uint24 fee) internal view returns (address) {
        if (venue.kind == Router.Venue.V2) return _v2Pair(venue.factory, a, b);
        return _v3Pool(venue.factory, a, b, fee);
    }

    /// Pool-level output of `amountIn` of `a` (arriving in full), and the pool's spot pair for price impact.
    function _poolOut(VenueConfig calldata venue, address pool, address a, address b, uint24 fee, uint256 amountIn)
        internal
        returns (uint256 out, uint256[2] memory spot)
    {
        if (venue.kind == Router.Venue.V2) return _v2Out(pool, a, fee, amountIn);
        return _v3Out(venue.quoter, pool, a, b, fee, amountIn);
    }

    /// Exact pool-level output of one Router hop for `amountIn` arriving in full (any venue the Router runs),
    /// and the pool's spot pair for price impact.
    function _hopOut(Router.Hop memory hop, uint256 amountIn) internal returns (uint256 out, uint256[2] memory spot) {
        if (hop.venue == Router.Venue.V2) return _v2Out(hop.pool, hop.tokenIn, hop.fee, amountIn);
        if (hop.venue == Router.Venue.V3) return _concentratedOut(hop.pool, hop.tokenIn, hop.tokenOut, amountIn);
        if (hop.venue == Router.Venue.Launchpad) return _launchpadOut(hop, amountIn);
        return _v4Out(hop.pool, hop.tokenIn, hop.tokenOut, hop.fee, hop.tickSpacing, amountIn);
    }

    /// A hop along a launchpad's curve, priced by the launchpad's own quote; the spot pair is its reserves.
    function _launchpadOut(Router.Hop memory hop, uint256 amountIn) private view returns (uint256 out, uint256[2] memory spot) {
        ILensLaunchpad pad = ILensLaunchpad(hop.pool);
        bool buying = pad.isLaunchToken(hop.tokenOut);
        address token = buying ? hop.tokenOut : hop.tokenIn;
        (uint256 reserveNative, uint256 reserveToken,,,,) = pad.curve(token);
        out = buying ? pad.quoteBuy(token, amountIn) : pad.quoteSell(token, amountIn);
        spot = buying ? [reserveNative, reserveToken] : [reserveToken, reserveNative];
    }
}
