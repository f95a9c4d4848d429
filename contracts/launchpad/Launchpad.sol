// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {LaunchToken} from "./LaunchToken.sol";

interface ILaunchV2Factory {
    function getPair(address tokenA, address tokenB) external view returns (address);
    function createPair(address tokenA, address tokenB) external returns (address);
}

interface ILaunchV2Pair {
    function mint(address to) external returns (uint256);
}

/// @notice A launchpad: it makes tokens and sells them along a bonding curve against the wrapped native
/// token, then graduates each to a Uniswap V2 pair once its curve has raised `graduationNative`.
///
/// The curve is Uniswap V2's formula on the curve's reserves (`reserveNative` = a virtual amount plus what
/// was raised, `reserveToken` = the tokens still on the curve) with a 1 % fee kept in the reserves, so a
/// router prices it with the same constant-product math as a V2 pair. Like a pair, it takes its input first:
/// wrapped native (buy) or the token (sell) is sent in, then `buy` or `sell` reads it as the balance above what
/// the launchpad accounts for.
///
/// Every trade needs a launch fee paid in a transaction of its own beforehand: `payLaunchFee(token, operator)`
/// gives the payer one credit for `token` that only `operator` (the payer itself, or the router it trades
/// through) can spend, once, by trading on the payer's behalf.
///
/// At graduation (inside the buy that reaches the target) the raised wrapped native and the tokens worth it
/// at the curve's last price go into the V2 pair, whose LP tokens are burned; the rest of the curve's tokens
/// are burned too. The curve is closed from then on.
contract Launchpad is Ownable, ReentrancyGuard {
    using SafeERC20 for IERC20;

    /// Hundredths of a bip, as V2 fees are given to the Router: 1 %.
    uint24 public constant FEE = 10_000;
    uint256 private constant FEE_DENOMINATOR = 1_000_000;
    address public constant DEAD = 0x000000000000000000000000000000000000dEaD;

    struct Curve {
        uint256 reserveNative;
        uint256 reserveToken;
        uint256 raisedNative;
        uint256 graduationNative;
        bool graduated;
        address pair;
    }

    address public immutable wrappedNative;
    address public immutable v2Factory;
    /// In storage, not immutable: it is set in native units per chain, and the code stays the same everywhere.
    uint256 public launchFee;
    address public immutable feeRecipient;

    mapping(address token => Curve) private _curves;
    /// Wrapped native the launchpad holds for all curves (the raised amounts).
    uint256 private _accountedNative;
    mapping(address trader => mapping(address operator => mapping(address token => uint256))) public credits;

    event TokenCreated(address indexed token, string symbol, uint256 supply, uint256 virtualNative, uint256 graduationNative);
    event LaunchFeePaid(address indexed trader, address indexed operator, address indexed token);
    event Buy(address indexed token, address indexed trader, uint256 amountIn, uint256 amountOut);
    event Sell(address indexed token, address indexed trader, uint256 amountIn, uint256 amountOut);
    event Graduated(address indexed token, address pair, uint256 nativeAmount, uint256 tokenAmount);

    error NotLaunchToken();
    error CurveClosed();
    error WrongLaunchFee();
    error LaunchFeeUnpaid();
    error InvalidAmount();
    error InsufficientOutput();
    error InsufficientLiquidity();

    constructor(address wrappedNative_, address v2Factory_, uint256 launchFee_, address feeRecipient_, address owner_) Ownable(owner_) {
        wrappedNative = wrappedNative_;
        v2Factory = v2Factory_;
        launchFee = launchFee_;
        feeRecipient = feeRecipient_;
    }

    function createToken(string calldata name, string calldata symbol, uint256 supply, uint256 virtualNative, uint256 graduationNative)
        external
        onlyOwner
        returns (address token)
    {
        token = address(new LaunchToken(name, symbol, supply));
        _curves[token] = Curve({
            reserveNative: virtualNative, reserveToken: supply, raisedNative: 0, graduationNative: graduationNative, graduated: false, pair: address(0)
        });
        emit TokenCreated(token, symbol, supply, virtualNative, graduationNative);
    }

    function payLaunchFee(address token, address operator) external payable nonReentrant {
        if (!isLaunchToken(token)) revert NotLaunchToken();
        if (msg.value != launchFee) revert WrongLaunchFee();
        credits[msg.sender][operator][token] += 1;
        (bool ok,) = feeRecipient.call{value: msg.value}("");
        require(ok, "Launchpad: fee transfer failed");
        emit LaunchFeePaid(msg.sender, operator, token);
    }

    /// Buys with the wrapped native sent in beforehand; the tokens go to `recipient`.
    function buy(address token, uint256 minOut, address trader, address recipient) external nonReentrant returns (uint256 out) {
        Curve storage c = _liveCurve(token);
        _spendCredit(trader, token);
        uint256 amountIn = IERC20(wrappedNative).balanceOf(address(this)) - _accountedNative;
        if (amountIn == 0) revert InvalidAmount();
        out = _amountOut(amountIn, c.reserveNative, c.reserveToken);
        if (out == 0) revert InvalidAmount();
        if (out < minOut) revert InsufficientOutput();
        c.reserveNative += amountIn;
        c.reserveToken -= out;
        c.raisedNative += amountIn;
        _accountedNative += amountIn;
        IERC20(token).safeTransfer(recipient, out);
        emit Buy(token, trader, amountIn, out);
        if (c.raisedNative >= c.graduationNative) _graduate(token, c);
    }

    /// Sells the tokens sent in beforehand; the wrapped native goes to `recipient`.
    function sell(address token, uint256 minOut, address trader, address recipient) external nonReentrant returns (uint256 out) {
        Curve storage c = _liveCurve(token);
        _spendCredit(trader, token);
        uint256 amountIn = IERC20(token).balanceOf(address(this)) - c.reserveToken;
        if (amountIn == 0) revert InvalidAmount();
        out = _amountOut(amountIn, c.reserveToken, c.reserveNative);
        if (out > c.raisedNative) revert InsufficientLiquidity();
        if (out == 0) revert InvalidAmount();
        if (out < minOut) revert InsufficientOutput();
        c.reserveToken += amountIn;
        c.reserveNative -= out;
        c.raisedNative -= out;
        _accountedNative -= out;
        IERC20(wrappedNative).safeTransfer(recipient, out);
        emit Sell(token, trader, amountIn, out);
    }

    function curve(address token)
        external
        view
        returns (uint256 reserveNative, uint256 reserveToken, uint256 raisedNative, uint256 graduationNative, bool graduated, address pair)
    {
        Curve storage c = _curves[token];
        return (c.reserveNative, c.reserveToken, c.raisedNative, c.graduationNative, c.graduated, c.pair);
    }

    function quoteBuy(address token, uint256 amountIn) external view returns (uint256) {
        Curve storage c = _curves[token];
        return _amountOut(amountIn, c.reserveNative, c.reserveToken);
    }

    function quoteSell(address token, uint256 amountIn) external view returns (uint256) {
        Curve storage c = _curves[token];
        uint256 out = _amountOut(amountIn, c.reserveToken, c.reserveNative);
        return out > c.raisedNative ? 0 : out;
    }

    function isLaunchToken(address token) public view returns (bool) {
        return _curves[token].reserveToken > 0 || _curves[token].graduated;
    }

    function _liveCurve(address token) private view returns (Curve storage c) {
        c = _curves[token];
        if (c.graduated) revert CurveClosed();
        if (c.reserveToken == 0) revert NotLaunchToken();
    }

    /// The caller spends one credit `trader` paid for it (a trader trading directly names itself).
    function _spendCredit(address trader, address token) private {
        uint256 left = credits[trader][msg.sender][token];
        if (left == 0) revert LaunchFeeUnpaid();
        credits[trader][msg.sender][token] = left - 1;
    }

    function _amountOut(uint256 amountIn, uint256 reserveIn, uint256 reserveOut) private pure returns (uint256) {
        if (amountIn == 0 || reserveIn == 0 || reserveOut == 0) return 0;
        uint256 inWithFee = amountIn * (FEE_DENOMINATOR - FEE);
        return (inWithFee * reserveOut) / (reserveIn * FEE_DENOMINATOR + inWithFee);
    }

    /// The raised native and the tokens worth it at the curve's last price into the V2 pair (LP burned);
    /// the curve's other tokens burned.
    function _graduate(address token, Curve storage c) private {
        uint256 nativeAmount = c.raisedNative;
        uint256 tokenAmount = (nativeAmount * c.reserveToken) / c.reserveNative;
        address pair = ILaunchV2Factory(v2Factory).getPair(token, wrappedNative);
        if (pair == address(0)) pair = ILaunchV2Factory(v2Factory).createPair(token, wrappedNative);
        c.graduated = true;
        c.pair = pair;
        _accountedNative -= nativeAmount;
        uint256 burned = c.reserveToken - tokenAmount;
        c.raisedNative = 0;
        c.reserveToken = 0;
        IERC20(wrappedNative).safeTransfer(pair, nativeAmount);
        IERC20(token).safeTransfer(pair, tokenAmount);
        ILaunchV2Pair(pair).mint(DEAD);
        if (burned > 0) IERC20(token).safeTransfer(DEAD, burned);
        emit Graduated(token, pair, nativeAmount, tokenAmount);
    }
}
