// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * Where bridge deposits arrive on an EVM chain. A deposit is a plain native transfer whose calldata is the
 * 32-byte requestId of the bridge quote; the contract forwards the value to the solver at once (so the
 * solver's inventory is its own balance and nothing sits here) and emits `Deposit`, which the solver reads
 * with one eth_getLogs per block range instead of scanning every transaction.
 */
contract Depository {
    // Not public: with no function at all, no requestId's first four bytes can ever match a selector.
    address payable private immutable solver;

    event Deposit(bytes32 indexed requestId, address indexed from, uint256 amount);

    error NotARequestId();
    error NothingDeposited();
    error ForwardFailed();

    constructor(address payable solver_) {
        solver = solver_;
    }

    fallback() external payable {
        if (msg.data.length != 32) revert NotARequestId();
        if (msg.value == 0) revert NothingDeposited();
        emit Deposit(bytes32(msg.data), msg.sender, msg.value);
        (bool ok, ) = solver.call{value: msg.value}("");
        if (!ok) revert ForwardFailed();
    }

    /// A plain transfer without a requestId cannot be matched to a quote: refuse it rather than keep it.
    receive() external payable {
        revert NotARequestId();
    }
}
