// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/**
 * Where bridge deposits arrive on an EVM chain. A native deposit is a plain transfer whose calldata is the
 * 32-byte requestId of the bridge quote; a token deposit is `depositToken`, which pulls the approved amount
 * from the sender; `depositFor` is both made on someone else's behalf (the Router's swap-and-deposit, which
 * deposits what a swap returned and names the trader who paid for it). Either way the value goes to the
 * solver at once (so the solver's inventory is its own balance and nothing sits here), and an event names the
 * request, which the solver reads with one eth_getLogs per block range instead of scanning every transaction.
 *
 * A native deposit whose requestId began with a function's selector would be dispatched to that function (and
 * revert on its short calldata): the service never issues such a requestId.
 */
contract Depository {
    using SafeERC20 for IERC20;

    address payable private immutable solver;

    /// `from` is whoever a refund goes back to: the sender, or the depositor a `depositFor` names.
    event Deposit(bytes32 indexed requestId, address indexed from, uint256 amount);
    /// The amount is what reached the solver (a token that takes a fee on transfer delivers less than sent).
    event TokenDeposit(bytes32 indexed requestId, address indexed from, address indexed token, uint256 amount);

    error NotARequestId();
    error NothingDeposited();
    error ForwardFailed();
    error NoDepositor();

    constructor(address payable solver_) {
        solver = solver_;
    }

    function depositToken(bytes32 requestId, address token, uint256 amount) external {
        _pullToken(requestId, msg.sender, token, amount);
    }

    /// Deposits the caller's native value (token = address(0), `amount` = msg.value) or `amount` of the caller's
    /// `token` for `requestId`, naming `depositor` as the one who paid: the caller pays, so it may say where a
    /// refund goes. The solver treats it like any other deposit.
    function depositFor(bytes32 requestId, address depositor, address token, uint256 amount) external payable {
        if (depositor == address(0)) revert NoDepositor();
        if (token == address(0)) {
            if (msg.value == 0 || msg.value != amount) revert NothingDeposited();
            _forwardNative(requestId, depositor);
        } else {
            if (msg.value != 0) revert NothingDeposited();
            _pullToken(requestId, depositor, token, amount);
        }
    }

    fallback() external payable {
        if (msg.data.length != 32) revert NotARequestId();
        if (msg.value == 0) revert NothingDeposited();
        _forwardNative(bytes32(msg.data), msg.sender);
    }

    /// A plain transfer without a requestId cannot be matched to a quote: refuse it rather than keep it.
    receive() external payable {
        revert NotARequestId();
    }

    function _forwardNative(bytes32 requestId, address from) private {
        emit Deposit(requestId, from, msg.value);
        (bool ok, ) = solver.call{value: msg.value}("");
        if (!ok) revert ForwardFailed();
    }

    function _pullToken(bytes32 requestId, address from, address token, uint256 amount) private {
        if (amount == 0 || token.code.length == 0) revert NothingDeposited();
        uint256 before = IERC20(token).balanceOf(solver);
        IERC20(token).safeTransferFrom(msg.sender, solver, amount);
        uint256 received = IERC20(token).balanceOf(solver) - before;
        if (received == 0) revert NothingDeposited();
        emit TokenDeposit(requestId, from, token, received);
    }
}
