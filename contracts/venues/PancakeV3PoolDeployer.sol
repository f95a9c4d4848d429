// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @notice The pool deployer a PancakeSwap V3 factory calls to create its pools (PancakeSwap's own is not
/// published on npm). It creates each pool with CREATE2, salt keccak256(abi.encode(token0, token1, fee)),
/// from the pool creation code it was given at construction: with the npm artifact's bytecode, the pools'
/// init code hash, and so their addresses, are the artifact's.
///
/// The creation code (about 23 KB) is kept as the runtime code of a code-holder contract, which is far
/// cheaper to write and read than storage. The pool's constructor reads its parameters back through
/// `parameters()`, set only while `deploy` runs.
contract PancakeV3PoolDeployer {
    struct Parameters {
        address factory;
        address token0;
        address token1;
        uint24 fee;
        int24 tickSpacing;
    }

    Parameters public parameters;
    address public factoryAddress;
    /// Holds the pool creation code after a leading STOP byte, so calling it does nothing.
    address public immutable poolCodeHolder;
    address private immutable _creator;

    event SetFactoryAddress(address indexed factory);

    error OnlyFactory();
    error OnlyCreator();
    error AlreadyInitialized();
    error DeployFailed();

    constructor(bytes memory poolCreationCode) {
        _creator = msg.sender;
        poolCodeHolder = _storeCode(poolCreationCode);
    }

    /// The factory takes this deployer's address at construction, so it is wired here afterwards, once.
    function setFactoryAddress(address factory) external {
        if (msg.sender != _creator) revert OnlyCreator();
        if (factoryAddress != address(0)) revert AlreadyInitialized();
        factoryAddress = factory;
        emit SetFactoryAddress(factory);
    }

    function deploy(address factory, address token0, address token1, uint24 fee, int24 tickSpacing)
        external
        returns (address pool)
    {
        if (msg.sender != factoryAddress) revert OnlyFactory();
        parameters = Parameters(factory, token0, token1, fee, tickSpacing);
        bytes memory code = _poolCreationCode();
        bytes32 salt = keccak256(abi.encode(token0, token1, fee));
        assembly ("memory-safe") {
            pool := create2(0, add(code, 0x20), mload(code), salt)
        }
        if (pool == address(0)) revert DeployFailed();
        delete parameters;
    }

    function _poolCreationCode() private view returns (bytes memory code) {
        address holder = poolCodeHolder;
        uint256 size = holder.code.length - 1;
        code = new bytes(size);
        assembly ("memory-safe") {
            extcodecopy(holder, add(code, 0x20), 1, size)
        }
    }

    /// Deploys a contract whose runtime code is a STOP byte followed by `data`.
    function _storeCode(bytes memory data) private returns (address holder) {
        bytes memory runtime = abi.encodePacked(hex"00", data);
        // PUSH4 len, DUP1, PUSH1 14, PUSH1 0, CODECOPY, PUSH1 0, RETURN: returns the 14 bytes' tail as code.
        bytes memory init = abi.encodePacked(hex"63", uint32(runtime.length), hex"80600e6000396000f3", runtime);
        assembly ("memory-safe") {
            holder := create(0, add(init, 0x20), mload(init))
        }
        if (holder == address(0)) revert DeployFailed();
    }
}
