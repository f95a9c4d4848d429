// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Router} from "../router/Router.sol";
import {LensVenues} from "./LensVenues.sol";

interface ILensERC20 {
    function balanceOf(address account) external view returns (uint256);
    function allowance(address owner, address spender) external view returns (uint256);
    function approve(address spender, uint256 amount) external returns (bool);
    function decimals() external view returns (uint8);
}

/// @notice Quotes a swap through the project's Router in one `eth_call`, never deployed.
///
/// The service runs it with a state override that puts this code at the trader's address, so that
/// `msg.sender` of the Router is the trader and every candidate route is priced by running the real Router
/// call against the real pools, tokens and taxes: the simulated output is what the chain delivers when
/// nothing moves. Each simulation runs in a sub-call that always reverts, so candidates do not see each
/// other's effects. Pool discovery and pool-level math (per venue, `LensVenues`) rank the candidates and
/// stand in for the simulation when the trader does not hold the input.
contract QuoteLens is LensVenues {
    struct Request {
        address router;
        address tokenIn; // address(0) = native
        address tokenOut; // address(0) = native
        uint256 amountIn;
        uint16 protocolFeeBps;
        uint16 integratorFeeBps;
        address integrator;
        address wrappedNative;
        address stable;
        /// The chain's venues, in the order candidates are listed.
        VenueConfig[] venues;
        address[] connectors;
        /// A token whose allowance to the Router the caller wants to know (and whose approval gas is measured).
        address approvalToken;
        bool simulate;
        /// The server's candidate routes, simulated as given; when empty the lens searches direct and
        /// two-hop routes itself (tax probes, values).
        Route[] routes;
        /// Transactions the trader sends before the trade (a launchpad fee, a strategy token's permit: the
        /// quote's `extra`), run first as the trader so the simulations see their effects.
        PreCall[] preCalls;
    }

    struct PreCall {
        address target;
        uint256 value;
        bytes data;
    }

    struct Route {
        Router.Leg[] legs;
    }

    struct Candidate {
        Router.Leg[] legs;
        /// Pool-level output of the route's last hops for the input the first hops receive (before
        /// output-side fees and any token tax), summed over its legs.
        uint256 poolAmountOut;
        /// Per hop of every leg in order: V2 (reserveIn, reserveOut); V3/V4 (sqrtPriceX96, 1 when tokenIn is
        /// token0 else 0).
        uint256[2][] spot;
        bool simulated;
        bool ok;
        uint256 amountOut;
        uint256 gasUsed;
        bytes revertData;
        /// Set when the simulation failed and the input token refuses a plain transfer into the first pool.
        bool transferBlocked;
    }

    struct Result {
        uint256 blockNumber;
        uint256 timestamp;
        uint256 baseFee;
        uint256 balanceIn;
        uint256 allowanceIn;
        uint256 approvalAllowance;
        uint256 approvalGas;
        /// The approval token refuses to go from its current non-zero allowance straight to max (USDT style).
        bool approvalNeedsReset;
        uint8 decimalsIn;
        uint8 decimalsOut;
        /// Stable raw units for one whole wrapped native token (0 when no pool prices it).
        uint256 nativeUsd;
        /// Wrapped native worth `amountIn` of tokenIn by the best direct pool (amountIn itself for native).
        uint256 amountInNative;
        Candidate[] candidates;
        /// Gas each pre-call used (0 where it reverted; the simulations then show why the trade fails).
        uint256[] preCallGas;
    }

    error SimulationResult(uint256 amountOut, uint256 gasUsed);
    error RoundTrip(uint256 bought, uint256 buyPoolOut, uint256 sold, uint256 sellPoolOut, bool sellOk);

    /// What a buy and an immediate sell of the same tokens deliver, against what the pools alone would pay.
    struct TaxProbe {
        bool found;
        bool buyOk;
        bool sellOk;
        uint256 bought;
        uint256 buyPoolOut;
        uint256 sold;
        uint256 sellPoolOut;
        Router.Hop[] hops;
    }
    error ApprovalGas(uint256 gasUsed);
    error TransferAllowed();
    error ApprovalAllowed();

    uint256 private constant MAX_CANDIDATES = 8;
    /// Gas one simulated swap may burn: above any route's (24 legs of three hops cost about 8M), and a
    /// route through a pool that runs dry fails alone instead of exhausting the call.
    uint256 private constant SIMULATION_GAS = 12_000_000;

    function quote(Request calldata r) external returns (Result memory result) {
        result.blockNumber = block.number;
        result.timestamp = block.timestamp;
        result.baseFee = block.basefee;
        // An address without code is no token: no candidates, and nothing called on it.
        if ((r.tokenIn != address(0) && r.tokenIn.code.length == 0) || (r.tokenOut != address(0) && r.tokenOut.code.length == 0)) {
            return result;
        }
        result.preCallGas = _runPreCalls(r.preCalls);
        if (r.tokenIn != address(0)) {
            result.balanceIn = ILensERC20(r.tokenIn).balanceOf(address(this));
            result.allowanceIn = ILensERC20(r.tokenIn).allowance(address(this), r.router);
        } else {
            result.balanceIn = address(this).balance;
        }
        result.decimalsIn = r.tokenIn == address(0) ? 18 : _decimals(r.tokenIn);
        result.decimalsOut = r.tokenOut == address(0) ? 18 : _decimals(r.tokenOut);
        if (r.approvalToken != address(0)) {
            result.approvalAllowance = ILensERC20(r.approvalToken).allowance(address(this), r.router);
            result.approvalGas = _measureApproval(r.approvalToken, r.router);
            if (result.approvalAllowance > 0 && result.approvalAllowance < type(uint256).max) {
                result.approvalNeedsReset = !_plainApprovalWorks(r.approvalToken, r.router);
            }
        }
        address poolIn = r.tokenIn == address(0) ? r.wrappedNative : r.tokenIn;
        address poolOut = r.tokenOut == address(0) ? r.wrappedNative : r.tokenOut;
        if (r.stable != address(0) && r.stable != r.wrappedNative) {
            (result.nativeUsd,,) = _bestLeg(r, r.wrappedNative, r.stable, 1e18);
        }
        result.amountInNative = poolIn == r.wrappedNative ? r.amountIn : _bestOut(r, poolIn, r.wrappedNative, r.amountIn);

        uint256 firstHopIn = r.amountIn;
        if (!(r.tokenIn != address(0) && r.tokenOut == address(0))) {
            uint256 fees = (r.amountIn * r.protocolFeeBps) / 10_000 + (r.amountIn * r.integratorFeeBps) / 10_000;
            firstHopIn = r.amountIn - fees;
        }

        result.candidates = r.routes.length > 0 ? _givenCandidates(r, firstHopIn) : _searchedCandidates(r, poolIn, poolOut, firstHopIn);
        for (uint256 i = 0; i < result.candidates.length; i++) {
            if (r.simulate) _simulateInto(r, result.candidates[i]);
        }
    }

    /// The server's routes with their exact pool-level output and spot pairs. Legs run one after another, as the
    /// Router runs them, so a leg through a pool an earlier leg of the route already swapped in (same pool, same
    /// direction) is priced on the pool as the earlier legs left it: a V2 pair on its reserves after their swaps,
    /// a V3 or V4 pool as what it pays for all their input and this leg's less what it paid them (a swap in two
    /// parts pays what it pays in one).
    function _givenCandidates(Request calldata r, uint256 firstHopIn) private returns (Candidate[] memory candidates) {
        candidates = new Candidate[](r.routes.length);
        for (uint256 i = 0; i < r.routes.length; i++) {
            Router.Leg[] calldata legs = r.routes[i].legs;
            Candidate memory candidate = candidates[i];
            candidate.legs = legs;
            uint256 hopCount;
            for (uint256 l = 0; l < legs.length; l++) hopCount += legs[l].hops.length;
            candidate.spot = new uint256[2][](hopCount);
            PoolLoad[] memory loads = new PoolLoad[](hopCount);
            uint256 left = firstHopIn;
            uint256 h;
            for (uint256 l = 0; l < legs.length; l++) {
                // The Router's split: shares rounded down, the last leg gets the rest.
                uint256 amount = l == legs.length - 1 ? left : (firstHopIn * legs[l].share) / 1_000_000;
                left -= amount;
                for (uint256 k = 0; k < legs[l].hops.length; k++) {
                    (amount, candidate.spot[h]) = _loadedHopOut(legs[l].hops[k], amount, loads, h);
                    h++;
                }
                candidate.poolAmountOut += amount;
            }
        }
    }

    /// What one pool has taken and paid so far in a route's pool-level pricing, by pool, pair direction and key.
    struct PoolLoad {
        bytes32 key;
        uint256 amountIn;
        uint256 amountOut;
    }

    /// The hop's output on top of what earlier hops of the route through the same pool took (`loads[0..slot)`),
    /// recorded at `slot` (or added to the earlier record).
    function _loadedHopOut(Router.Hop calldata hop, uint256 amountIn, PoolLoad[] memory loads, uint256 slot)
        private
        returns (uint256 out, uint256[2] memory spot)
    {
        bytes32 key = keccak256(abi.encode(hop.pool, hop.tokenIn, hop.tokenOut, hop.fee, hop.tickSpacing));
        for (uint256 j = 0; j < slot; j++) {
            PoolLoad memory load = loads[j];
            if (load.key != key) continue;
            if (hop.venue == Router.Venue.V2) {
                (out, spot) = _v2OutAfter(hop.pool, hop.tokenIn, hop.fee, amountIn, load.amountIn, load.amountOut);
            } else {
                uint256 total;
                (total, spot) = _hopOut(hop, load.amountIn + amountIn);
                out = total > load.amountOut ? total - load.amountOut : 0;
            }
            load.amountIn += amountIn;
            load.amountOut += out;
            return (out, spot);
        }
        (out, spot) = _hopOut(hop, amountIn);
        loads[slot] = PoolLoad(key, amountIn, out);
    }

    function _searchedCandidates(Request calldata r, address poolIn, address poolOut, uint256 firstHopIn)
        private
        returns (Candidate[] memory candidates)
    {
        Candidate[] memory found = new Candidate[](MAX_CANDIDATES);
        uint256 count = _directCandidates(r, poolIn, poolOut, firstHopIn, found, 0);
        for (uint256 i = 0; i < r.connectors.length && count < MAX_CANDIDATES; i++) {
            address via = r.connectors[i];
            if (via == poolIn || via == poolOut) continue;
            count = _twoHopCandidate(r, poolIn, via, poolOut, firstHopIn, found, count);
        }
        candidates = new Candidate[](count);
        for (uint256 i = 0; i < count; i++) candidates[i] = found[i];
    }

    /// Token taxes and honeypots, measured: buys `r.tokenOut` with `r.amountIn` native through the best pool
    /// route, then sells everything bought back, both through the real Router, in a sub-call that reverts.
    /// A tax shows as output below the pool math; a sell that reverts is a honeypot.
    function probeTaxes(Request calldata r) external returns (TaxProbe memory probe) {
        _runPreCalls(r.preCalls);
        uint256 firstHopIn = r.amountIn - (r.amountIn * r.protocolFeeBps) / 10_000 - (r.amountIn * r.integratorFeeBps) / 10_000;
        Candidate[] memory found = new Candidate[](MAX_CANDIDATES);
        uint256 count = _directCandidates(r, r.wrappedNative, r.tokenOut, firstHopIn, found, 0);
        for (uint256 i = 0; i < r.connectors.length && count < MAX_CANDIDATES; i++) {
            address via = r.connectors[i];
            if (via == r.wrappedNative || via == r.tokenOut) continue;
            count = _twoHopCandidate(r, r.wrappedNative, via, r.tokenOut, firstHopIn, found, count);
        }
        if (count == 0) return probe;
        uint256 best = 0;
        for (uint256 i = 1; i < count; i++) {
            if (found[i].poolAmountOut > found[best].poolAmountOut) best = i;
        }
        probe.found = true;
        probe.hops = found[best].legs[0].hops;
        Router.Hop[] memory back = new Router.Hop[](probe.hops.length);
        for (uint256 i = 0; i < back.length; i++) {
            Router.Hop memory hop = probe.hops[back.length - 1 - i];
            back[i] = Router.Hop({venue: hop.venue, pool: hop.pool, tokenIn: hop.tokenOut, tokenOut: hop.tokenIn, fee: hop.fee, tickSpacing: hop.tickSpacing, hooks: hop.hooks});
        }
        try this.simulateRoundTrip(r, probe.hops, back) {
            // never returns normally
        } catch (bytes memory data) {
            if (data.length == 164 && bytes4(data) == RoundTrip.selector) {
                probe.buyOk = true;
                (probe.bought, probe.buyPoolOut, probe.sold, probe.sellPoolOut, probe.sellOk) =
                    abi.decode(_tail(data), (uint256, uint256, uint256, uint256, bool));
            }
        }
    }

    /// The buy and sell of probeTaxes; called on itself, always reverts (with RoundTrip when the buy went through).
    function simulateRoundTrip(Request calldata r, Router.Hop[] calldata buyHops, Router.Hop[] calldata sellHops) external {
        require(msg.sender == address(this), "QuoteLens: self only");
        uint256 firstHopIn = r.amountIn - (r.amountIn * r.protocolFeeBps) / 10_000 - (r.amountIn * r.integratorFeeBps) / 10_000;
        uint256 buyPoolOut = _pathOut(r, buyHops, firstHopIn);
        uint256 bought = Router(payable(r.router)).swap{value: r.amountIn}(_params(r, address(0), r.tokenOut, r.amountIn, buyHops));
        uint256 sellPoolOut = _pathOut(r, sellHops, bought);
        _forceApprove(r.tokenOut, r.router);
        uint256 sold;
        bool sellOk;
        try Router(payable(r.router)).swap(_params(r, r.tokenOut, address(0), bought, sellHops)) returns (uint256 out) {
            sold = out;
            sellOk = true;
        } catch {
            sellOk = false;
        }
        revert RoundTrip(bought, buyPoolOut, sold, sellPoolOut, sellOk);
    }

    function _params(Request calldata r, address tokenIn, address tokenOut, uint256 amountIn, Router.Hop[] calldata hops)
        private
        view
        returns (Router.SwapParams memory)
    {
        return Router.SwapParams({
            tokenIn: tokenIn,
            tokenOut: tokenOut,
            amountIn: amountIn,
            amountOutMin: 0,
            recipient: address(this),
            deadline: block.timestamp,
            legs: _oneLeg(hops),
            protocolFeeBps: r.protocolFeeBps,
            integratorFeeBps: r.integratorFeeBps,
            integrator: r.integrator
        });
    }

    /// The Router's route for one path: a single leg with the whole amount.
    function _oneLeg(Router.Hop[] calldata hops) private pure returns (Router.Leg[] memory legs) {
        legs = new Router.Leg[](1);
        legs[0] = Router.Leg({share: 1_000_000, hops: hops});
    }

    /// Pool math along a path, as if the whole amount arrived at each pool.
    function _pathOut(Request calldata r, Router.Hop[] calldata hops, uint256 amountIn) private returns (uint256 amount) {
        amount = amountIn;
        for (uint256 i = 0; i < hops.length; i++) {
            Router.Hop calldata hop = hops[i];
            (amount,) = _hopOut(hop, amount);
        }
    }

    /// Runs one Router swap as the trader and reverts with its output and gas; called on itself.
    function simulateSwap(Request calldata r, Router.Leg[] calldata legs) external {
        require(msg.sender == address(this), "QuoteLens: self only");
        if (r.tokenIn != address(0) && ILensERC20(r.tokenIn).allowance(address(this), r.router) < r.amountIn) {
            _forceApprove(r.tokenIn, r.router);
        }
        Router.SwapParams memory params = Router.SwapParams({
            tokenIn: r.tokenIn,
            tokenOut: r.tokenOut,
            amountIn: r.amountIn,
            amountOutMin: 0,
            recipient: address(this),
            deadline: block.timestamp,
            legs: legs,
            protocolFeeBps: r.protocolFeeBps,
            integratorFeeBps: r.integratorFeeBps,
            integrator: r.integrator
        });
        uint256 value = r.tokenIn == address(0) ? r.amountIn : 0;
        uint256 before = gasleft();
        uint256 amountOut = Router(payable(r.router)).swap{value: value}(params);
        revert SimulationResult(amountOut, before - gasleft());
    }

    /// Execute's pre-flight: as the trader, approves `approveToken` to `spender` when given (the quoted
    /// approval, not yet mined), then makes the quoted call. Returns its result or reverts with its revert data.
    function simulateCall(PreCall[] calldata pre, address approveToken, address spender, address to, uint256 value, bytes calldata data)
        external
        returns (bytes memory result)
    {
        (, result) = _callAfter(pre, approveToken, spender, to, value, data);
    }

    /// As `simulateCall`, with the gas the call itself used (an exact-output trade's quote measures its own run).
    function measureCall(PreCall[] calldata pre, address approveToken, address spender, address to, uint256 value, bytes calldata data)
        external
        returns (uint256 gasUsed, bytes memory result)
    {
        return _callAfter(pre, approveToken, spender, to, value, data);
    }

    /// Runs the pre-calls and the approval as the trader, then the call; reverts with the first revert's data.
    function _callAfter(PreCall[] calldata pre, address approveToken, address spender, address to, uint256 value, bytes calldata data)
        private
        returns (uint256 gasUsed, bytes memory result)
    {
        for (uint256 i = 0; i < pre.length; i++) {
            (bool preOk, bytes memory preResult) = pre[i].target.call{value: pre[i].value}(pre[i].data);
            if (!preOk) {
                assembly {
                    revert(add(preResult, 32), mload(preResult))
                }
            }
        }
        if (approveToken != address(0)) _forceApprove(approveToken, spender);
        uint256 before = gasleft();
        bool ok;
        (ok, result) = to.call{value: value}(data);
        gasUsed = before - gasleft();
        if (!ok) {
            assembly {
                revert(add(result, 32), mload(result))
            }
        }
    }

    /// Measures an approval to max and reverts with its gas; called on itself.
    function simulateApproval(address token, address spender) external {
        require(msg.sender == address(this), "QuoteLens: self only");
        uint256 before = gasleft();
        _forceApprove(token, spender);
        revert ApprovalGas(before - gasleft());
    }

    /// Tries approve(max) alone and reverts with ApprovalAllowed when it went through; called on itself.
    function simulatePlainApproval(address token, address spender) external {
        require(msg.sender == address(this), "QuoteLens: self only");
        if (_tryApprove(token, spender, type(uint256).max)) revert ApprovalAllowed();
        revert("QuoteLens: approval refused");
    }

    /// Tries a plain transfer and reverts with TransferAllowed when it went through; called on itself.
    function simulateTransfer(address token, address to, uint256 amount) external {
        require(msg.sender == address(this), "QuoteLens: self only");
        (bool ok, bytes memory data) = token.call(abi.encodeWithSignature("transfer(address,uint256)", to, amount));
        if (ok && (data.length == 0 || abi.decode(data, (bool)))) revert TransferAllowed();
        revert("QuoteLens: transfer refused");
    }

    /// Lets the native-out leg of a simulated swap land here.
    receive() external payable {}

    /// Runs the trader's pre-trade transactions for real (within this eth_call), measuring each one's gas.
    function _runPreCalls(PreCall[] calldata calls) private returns (uint256[] memory gasUsed) {
        gasUsed = new uint256[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            uint256 before = gasleft();
            (bool ok,) = calls[i].target.call{value: calls[i].value, gas: SIMULATION_GAS}(calls[i].data);
            if (ok) gasUsed[i] = before - gasleft();
        }
    }

    function _simulateInto(Request calldata r, Candidate memory candidate) private {
        candidate.simulated = true;
        try this.simulateSwap{gas: SIMULATION_GAS}(r, candidate.legs) {
            // never returns normally
        } catch (bytes memory data) {
            if (data.length == 68 && bytes4(data) == SimulationResult.selector) {
                (uint256 amountOut, uint256 gasUsed) = abi.decode(_tail(data), (uint256, uint256));
                candidate.ok = true;
                candidate.amountOut = amountOut;
                candidate.gasUsed = gasUsed;
            } else {
                candidate.revertData = data;
                if (r.tokenIn != address(0)) candidate.transferBlocked = !_transferAllowed(r.tokenIn, candidate.legs[0].hops[0].pool);
            }
        }
    }

    function _plainApprovalWorks(address token, address spender) private returns (bool) {
        try this.simulatePlainApproval(token, spender) {
            return true;
        } catch (bytes memory data) {
            return data.length == 4 && bytes4(data) == ApprovalAllowed.selector;
        }
    }

    function _transferAllowed(address token, address to) private returns (bool) {
        uint256 balance = ILensERC20(token).balanceOf(address(this));
        if (balance == 0) return true;
        try this.simulateTransfer(token, to, balance < 1e6 ? balance : 1e6) {
            return true;
        } catch (bytes memory data) {
            return data.length == 4 && bytes4(data) == TransferAllowed.selector;
        }
    }

    function _measureApproval(address token, address spender) private returns (uint256) {
        try this.simulateApproval(token, spender) {
            return 0;
        } catch (bytes memory data) {
            if (data.length == 36 && bytes4(data) == ApprovalGas.selector) return abi.decode(_tail(data), (uint256));
            return 0;
        }
    }

    /// Approves max; tokens that refuse to change a non-zero allowance (USDT style) are reset to 0 first.
    function _forceApprove(address token, address spender) private {
        if (_tryApprove(token, spender, type(uint256).max)) return;
        require(_tryApprove(token, spender, 0), "QuoteLens: approval reset failed");
        require(_tryApprove(token, spender, type(uint256).max), "QuoteLens: approval failed");
    }

    function _tryApprove(address token, address spender, uint256 amount) private returns (bool) {
        (bool ok, bytes memory data) = token.call(abi.encodeCall(ILensERC20.approve, (spender, amount)));
        return ok && (data.length == 0 || abi.decode(data, (bool)));
    }

    function _directCandidates(
        Request calldata r,
        address a,
        address b,
        uint256 amountIn,
        Candidate[] memory found,
        uint256 count
    ) private returns (uint256) {
        for (uint256 v = 0; v < r.venues.length; v++) {
            VenueConfig calldata venue = r.venues[v];
            for (uint256 i = 0; i < venue.fees.length && count < MAX_CANDIDATES; i++) {
                Leg memory leg;
                _consider(venue, leg, a, b, venue.fees[i], amountIn);
                if (leg.out > 0) found[count++] = _single(leg);
            }
        }
        return count;
    }

    function _twoHopCandidate(
        Request calldata r,
        address a,
        address via,
        address b,
        uint256 amountIn,
        Candidate[] memory found,
        uint256 count
    ) private returns (uint256) {
        (uint256 midOut, Router.Hop memory first, uint256[2] memory firstSpot) = _bestHop(r, a, via, amountIn);
        if (midOut == 0) return count;
        (uint256 out, Router.Hop memory second, uint256[2] memory secondSpot) = _bestHop(r, via, b, midOut);
        if (out == 0) return count;
        Candidate memory candidate;
        Router.Hop[] memory hops = new Router.Hop[](2);
        hops[0] = first;
        hops[1] = second;
        candidate.legs = _wholeAmount(hops);
        candidate.spot = new uint256[2][](2);
        candidate.spot[0] = firstSpot;
        candidate.spot[1] = secondSpot;
        candidate.poolAmountOut = out;
        found[count] = candidate;
        return count + 1;
    }

    function _single(Leg memory leg) private pure returns (Candidate memory candidate) {
        Router.Hop[] memory hops = new Router.Hop[](1);
        hops[0] = leg.hop;
        candidate.legs = _wholeAmount(hops);
        candidate.spot = new uint256[2][](1);
        candidate.spot[0] = leg.spot;
        candidate.poolAmountOut = leg.out;
    }

    function _wholeAmount(Router.Hop[] memory hops) private pure returns (Router.Leg[] memory legs) {
        legs = new Router.Leg[](1);
        legs[0] = Router.Leg({share: 1_000_000, hops: hops});
    }

    struct Leg {
        uint256 out;
        Router.Hop hop;
        uint256[2] spot;
    }

    /// The best single pool for a -> b over every venue and fee tier.
    function _bestHop(Request calldata r, address a, address b, uint256 amountIn)
        private
        returns (uint256, Router.Hop memory, uint256[2] memory)
    {
        Leg memory best;
        for (uint256 v = 0; v < r.venues.length; v++) {
            VenueConfig calldata venue = r.venues[v];
            for (uint256 i = 0; i < venue.fees.length; i++) {
                _consider(venue, best, a, b, venue.fees[i], amountIn);
            }
        }
        return (best.out, best.hop, best.spot);
    }

    /// Replaces `best` with the venue's pool in this fee tier when it pays more.
    function _consider(VenueConfig calldata venue, Leg memory best, address a, address b, uint24 fee, uint256 amountIn)
        private
    {
        address pool = _findPool(venue, a, b, fee);
        if (pool == address(0)) return;
        (uint256 out, uint256[2] memory spot) = _poolOut(venue, pool, a, b, fee, amountIn);
        if (out > best.out) {
            best.out = out;
            best.hop = Router.Hop({venue: venue.kind, pool: pool, tokenIn: a, tokenOut: b, fee: fee, tickSpacing: 0, hooks: address(0)});
            best.spot = spot;
        }
    }

    function _bestLeg(Request calldata r, address a, address b, uint256 amountIn)
        private
        returns (uint256 best, Router.Hop memory hop, uint256[2] memory spot)
    {
        return _bestHop(r, a, b, amountIn);
    }

    function _bestOut(Request calldata r, address a, address b, uint256 amountIn) private returns (uint256 best) {
        (best,,) = _bestHop(r, a, b, amountIn);
    }

    function _decimals(address token) private view returns (uint8) {
        try ILensERC20(token).decimals() returns (uint8 value) {
            return value;
        } catch {
            return 18;
        }
    }

    function _tail(bytes memory data) private pure returns (bytes memory tail) {
        tail = new bytes(data.length - 4);
        for (uint256 i = 0; i < tail.length; i++) tail[i] = data[i + 4];
    }
}
