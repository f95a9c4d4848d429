// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IPoolManager} from "@uniswap/v4-core/src/interfaces/IPoolManager.sol";
import {StateLibrary} from "@uniswap/v4-core/src/libraries/StateLibrary.sol";
import {PoolId} from "@uniswap/v4-core/src/types/PoolId.sol";

interface IReaderV2Factory {
    function getPair(address tokenA, address tokenB) external view returns (address);
}

interface IReaderV2Pair {
    function getReserves() external view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast);
}

interface IReaderV3Factory {
    function getPool(address tokenA, address tokenB, uint24 fee) external view returns (address);
}

interface IReaderLaunchpad {
    function wrappedNative() external view returns (address);
    function curve(address token) external view returns (uint256, uint256, uint256, uint256, bool, address);
}

interface IReaderV3Pool {
    function liquidity() external view returns (uint128);
    function tickBitmap(int16 wordPosition) external view returns (uint256);
}

/// @notice Reads, in one `eth_call`, which pools exist for a set of tokens and everything needed to price a
/// swap through them locally: V2 reserves; curve reserves and raised amount; V3-family and V4 price, active
/// liquidity (V4: protocol fee) and the initialized ticks around the price with their net and gross liquidity. Never deployed: the server runs it through a state
/// override, so it works on any chain without a deployment.
///
/// Venue families: 0 = constant-product pairs (a V2 factory's `getPair`), 1 = V3-family pools (a factory's
/// `getPool(a, b, fee)`: Uniswap V3, PancakeSwap V3), 2 = Uniswap V4 pools without hooks (the PoolManager),
/// 3 = launchpad curves (contracts/launchpad: one per launch token still on its curve, against the wrapped
/// native token; the pool id is the token, read as constant-product reserves).
contract PoolStateReader {
    using StateLibrary for IPoolManager;

    /// How a venue's pools are found and read (`VenueQuery.family`, `PoolQuery.family`: the value's index). The
    /// server names them in the same order (server/venues/evm/contract-enums.ts, checked by its test).
    enum Family {
        Pair,
        Concentrated,
        PoolManager,
        Curve
    }

    struct VenueQuery {
        uint8 family;
        /// V2/V3: the factory; V4: the PoolManager.
        address factory;
        /// Fee tiers to look in (V2: its one fee); V4: paired with `tickSpacings`.
        uint24[] fees;
        int24[] tickSpacings;
    }

    struct FoundPool {
        uint16 venue;
        /// V2/V3: the pool; V4: the PoolManager.
        address pool;
        /// V4: the pool id; zero otherwise.
        bytes32 id;
        address token0;
        address token1;
        uint24 fee;
        int24 tickSpacing;
    }

    struct PoolQuery {
        uint8 family;
        address pool;
        bytes32 id;
        int24 tickSpacing;
    }

    struct PoolRead {
        bool ok;
        uint256 reserve0;
        uint256 reserve1;
        uint160 sqrtPriceX96;
        int24 tick;
        uint128 liquidity;
        /// The tick range whose initialized ticks are all listed.
        int24 lowestReadTick;
        int24 highestReadTick;
        int24[] ticks;
        int128[] liquidityNets;
        /// Each listed tick's gross liquidity: a tick stays initialized while any position references it,
        /// even when its net liquidity is 0 (a copy kept current by events needs it to know when a tick goes).
        uint128[] liquidityGrosses;
        /// Curves: what the curve raised, the most a sell pays out.
        uint256 raisedNative;
        /// V4: slot0's protocol fee (12 bits per direction: zero-for-one low, one-for-zero high).
        uint24 protocolFee;
    }

    int24 private constant MIN_TICK = -887272;
    int24 private constant MAX_TICK = 887272;

    /// Every pool of the venues between any two of `tokens`.
    function discover(address[] calldata tokens, VenueQuery[] calldata venues) external view returns (FoundPool[] memory found) {
        uint256 lookups;
        for (uint256 v = 0; v < venues.length; v++) lookups += venues[v].fees.length;
        FoundPool[] memory buffer = new FoundPool[]((tokens.length * (tokens.length - 1)) / 2 * lookups);
        uint256 count;
        for (uint256 i = 0; i < tokens.length; i++) {
            for (uint256 j = i + 1; j < tokens.length; j++) {
                (address token0, address token1) = tokens[i] < tokens[j] ? (tokens[i], tokens[j]) : (tokens[j], tokens[i]);
                for (uint256 v = 0; v < venues.length; v++) {
                    count = _discoverPair(venues[v], uint16(v), token0, token1, buffer, count);
                }
            }
        }
        found = new FoundPool[](count);
        for (uint256 k = 0; k < count; k++) found[k] = buffer[k];
    }

    /// The state of every pool; concentrated pools with their initialized ticks within about `tickWindow`
    /// ticks of the price on each side (whole bitmap words, so at least one word beyond the current one),
    /// or without ticks when `maxTicksEachSide` is 0 (price and active liquidity only: the cheap read).
    function read(PoolQuery[] calldata pools, uint256 tickWindow, uint256 maxTicksEachSide) external view returns (PoolRead[] memory reads) {
        reads = new PoolRead[](pools.length);
        for (uint256 i = 0; i < pools.length; i++) {
            PoolQuery calldata query = pools[i];
            if (query.family == uint8(Family.Pair)) reads[i] = _readPair(query.pool);
            else if (query.family == uint8(Family.Curve)) reads[i] = _readCurve(query);
            else reads[i] = _readConcentrated(query, tickWindow / (256 * uint256(int256(query.tickSpacing))) + 1, maxTicksEachSide);
        }
    }

    function _discoverPair(VenueQuery calldata venue, uint16 index, address token0, address token1, FoundPool[] memory buffer, uint256 count)
        private
        view
        returns (uint256)
    {
        for (uint256 f = 0; f < venue.fees.length; f++) {
            address pool;
            bytes32 id;
            int24 spacing = venue.family == uint8(Family.PoolManager) ? venue.tickSpacings[f] : int24(0);
            if (venue.family == uint8(Family.Curve)) {
                (pool, id) = _liveCurve(venue.factory, token0, token1);
            } else if (venue.family == uint8(Family.Pair)) pool = _call(venue.factory, abi.encodeCall(IReaderV2Factory.getPair, (token0, token1)));
            else if (venue.family == uint8(Family.Concentrated)) pool = _call(venue.factory, abi.encodeCall(IReaderV3Factory.getPool, (token0, token1, venue.fees[f])));
            else {
                id = keccak256(abi.encode(token0, token1, venue.fees[f], spacing, address(0)));
                (uint160 sqrtPriceX96,,,) = IPoolManager(venue.factory).getSlot0(PoolId.wrap(id));
                if (sqrtPriceX96 != 0) pool = venue.factory;
            }
            if (pool == address(0)) continue;
            buffer[count++] = FoundPool(index, pool, id, token0, token1, venue.fees[f], spacing);
        }
        return count;
    }

    function _call(address target, bytes memory data) private view returns (address result) {
        if (target.code.length == 0) return address(0);
        (bool ok, bytes memory answer) = target.staticcall(data);
        if (ok && answer.length >= 32) result = abi.decode(answer, (address));
    }

    /// The launchpad's curve between the two tokens, when one is its wrapped native token and the other a
    /// launch token still on its curve.
    function _liveCurve(address launchpad, address token0, address token1) private view returns (address pool, bytes32 id) {
        if (launchpad.code.length == 0) return (address(0), bytes32(0));
        address wrapped = IReaderLaunchpad(launchpad).wrappedNative();
        address token = token0 == wrapped ? token1 : token1 == wrapped ? token0 : address(0);
        if (token == address(0)) return (address(0), bytes32(0));
        (, uint256 reserveToken,,, bool graduated,) = IReaderLaunchpad(launchpad).curve(token);
        if (reserveToken == 0 || graduated) return (address(0), bytes32(0));
        return (launchpad, bytes32(uint256(uint160(token))));
    }

    /// A curve's reserves in the pair's token order (the id is the launch token).
    function _readCurve(PoolQuery calldata query) private view returns (PoolRead memory state) {
        address token = address(uint160(uint256(query.id)));
        address wrapped = IReaderLaunchpad(query.pool).wrappedNative();
        (uint256 reserveNative, uint256 reserveToken, uint256 raisedNative,, bool graduated,) = IReaderLaunchpad(query.pool).curve(token);
        if (graduated || reserveToken == 0) return state;
        state.raisedNative = raisedNative;
        (state.reserve0, state.reserve1) = token < wrapped ? (reserveToken, reserveNative) : (reserveNative, reserveToken);
        state.ok = true;
    }

    function _readPair(address pair) private view returns (PoolRead memory state) {
        (bool ok, bytes memory answer) = pair.staticcall(abi.encodeCall(IReaderV2Pair.getReserves, ()));
        if (!ok || answer.length < 64) return state;
        (state.reserve0, state.reserve1) = abi.decode(answer, (uint256, uint256));
        state.ok = true;
    }

    function _readConcentrated(PoolQuery calldata query, uint256 words, uint256 maxTicks) private view returns (PoolRead memory state) {
        if (query.family == uint8(Family.Concentrated)) {
            // slot0's first two words (sqrtPriceX96, tick) are the same in every V3 fork; later fields differ.
            (bool ok, bytes memory answer) = query.pool.staticcall(abi.encodeWithSignature("slot0()"));
            if (!ok || answer.length < 64) return state;
            (state.sqrtPriceX96, state.tick) = abi.decode(answer, (uint160, int24));
            state.liquidity = IReaderV3Pool(query.pool).liquidity();
        } else {
            IPoolManager manager = IPoolManager(query.pool);
            (state.sqrtPriceX96, state.tick, state.protocolFee,) = manager.getSlot0(PoolId.wrap(query.id));
            state.liquidity = manager.getLiquidity(PoolId.wrap(query.id));
        }
        if (state.sqrtPriceX96 == 0) return state;
        state.ok = true;
        if (maxTicks > 0) _readTicks(query, state, words, maxTicks);
    }

    /// The initialized ticks in `words` bitmap words below and above the current one (at most `maxTicks` on
    /// each side, nearest first), ascending, with the range they cover.
    function _readTicks(PoolQuery calldata query, PoolRead memory state, uint256 words, uint256 maxTicks) private view {
        int24 spacing = query.tickSpacing;
        int24 compressed = state.tick / spacing;
        if (state.tick < 0 && state.tick % spacing != 0) compressed--;
        int16 center = int16(compressed >> 8);
        int24[] memory below = new int24[](maxTicks);
        int24[] memory above = new int24[](maxTicks);
        (uint256 belowCount, int24 lowest) = _scan(query, center, compressed, -1, words, below);
        (uint256 aboveCount, int24 highest) = _scan(query, center, compressed, 1, words, above);
        state.lowestReadTick = lowest;
        state.highestReadTick = highest;
        state.ticks = new int24[](belowCount + aboveCount);
        state.liquidityNets = new int128[](belowCount + aboveCount);
        state.liquidityGrosses = new uint128[](belowCount + aboveCount);
        for (uint256 k = 0; k < belowCount; k++) state.ticks[k] = below[belowCount - 1 - k];
        for (uint256 k = 0; k < aboveCount; k++) state.ticks[belowCount + k] = above[k];
        for (uint256 k = 0; k < state.ticks.length; k++) {
            (state.liquidityGrosses[k], state.liquidityNets[k]) = _tickLiquidity(query, state.ticks[k]);
        }
    }

    /// Walks bitmap words from the current one outward in `direction`, nearest ticks first.
    function _scan(PoolQuery calldata query, int16 center, int24 compressed, int256 direction, uint256 words, int24[] memory into)
        private
        view
        returns (uint256 count, int24 bound)
    {
        int24 spacing = query.tickSpacing;
        for (uint256 w = 0; w <= words; w++) {
            int256 word = int256(center) + direction * int256(w);
            if (word < type(int16).min || word > type(int16).max) break;
            uint256 bits = _bitmap(query, int16(word));
            for (uint256 b = 0; b < 256; b++) {
                uint256 bit = direction < 0 ? 255 - b : b;
                if (bits & (1 << bit) == 0) continue;
                int24 tickCompressed = int24(word * 256 + int256(bit));
                if (direction < 0 ? tickCompressed > compressed : tickCompressed <= compressed) continue;
                into[count++] = tickCompressed * spacing;
                if (count == into.length) return (count, tickCompressed * spacing);
            }
        }
        int256 edge = direction < 0 ? (int256(center) - int256(words)) * 256 * spacing : (int256(center) + int256(words) + 1) * 256 * spacing - 1;
        bound = edge < MIN_TICK ? MIN_TICK : edge > MAX_TICK ? MAX_TICK : int24(edge);
    }

    function _bitmap(PoolQuery calldata query, int16 word) private view returns (uint256) {
        if (query.family == uint8(Family.PoolManager)) return IPoolManager(query.pool).getTickBitmap(PoolId.wrap(query.id), word);
        return IReaderV3Pool(query.pool).tickBitmap(word);
    }

    function _tickLiquidity(PoolQuery calldata query, int24 tick) private view returns (uint128 gross, int128 net) {
        if (query.family == uint8(Family.PoolManager)) return IPoolManager(query.pool).getTickLiquidity(PoolId.wrap(query.id), tick);
        // ticks(int24) starts with (uint128 liquidityGross, int128 liquidityNet) in every V3 fork.
        (bool ok, bytes memory answer) = query.pool.staticcall(abi.encodeWithSignature("ticks(int24)", tick));
        if (ok && answer.length >= 64) (gross, net) = abi.decode(answer, (uint128, int128));
    }
}
