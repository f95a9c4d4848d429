// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * Puts one of the project's contracts at the same address on every EVM chain, whatever its constructor takes
 * there (the Router takes the chain's wrapped native coin).
 *
 * The proxy itself is created with CREATE2 by the deterministic deployment proxy
 * (0x4e59b44847b379578588920cA78FbF26c0B4956C, present on nearly every chain) from a salt and this creation
 * code with the deployer's address appended, so its address depends on the deployer and the salt only. Its
 * first CREATE (nonce 1) then makes the contract, whose address depends on the proxy's alone. Only the
 * deployer named at creation may have it create anything, so nobody else can take that address first.
 */
contract DeployProxy {
    address private immutable deployer;

    error NotTheDeployer();
    error CreateFailed();

    constructor(address deployer_) {
        deployer = deployer_;
    }

    /// The calldata is the creation code (constructor arguments appended); answers the new contract's address.
    fallback(bytes calldata creationCode) external payable returns (bytes memory) {
        if (msg.sender != deployer) revert NotTheDeployer();
        bytes memory code = creationCode;
        address created;
        assembly {
            created := create(callvalue(), add(code, 0x20), mload(code))
        }
        if (created == address(0)) revert CreateFailed();
        return abi.encode(created);
    }
}
