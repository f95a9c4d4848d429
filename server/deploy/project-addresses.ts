/**
 * Where the project's own contracts live on every EVM chain: the same address everywhere, following from the
 * deployer's address (the solver's EVM key) and a salt per contract, whatever the constructor takes on each
 * chain. See contracts/deploy/DeployProxy.sol for how: the deterministic deployment proxy creates a
 * DeployProxy bound to the deployer with CREATE2, and the proxy's first CREATE makes the contract.
 *
 * An operator's salt (`npm run deploy -- --salt <text>`, found again through `DEPLOY_SALT`) gives the same
 * key a new pair of addresses, for when the usual ones cannot be used (a contract there bound wrongly); no
 * salt keeps the usual addresses.
 */
import { encodeAbiParameters, getContractAddress, keccak256, toHex, type Address, type Hex } from 'viem';
import { deployProxyDeployable } from './generated/deployables';

/** Arachnid's deterministic deployment proxy: CREATE2 with the first 32 bytes of the calldata as salt. */
export const DETERMINISTIC_DEPLOYER: Address = '0x4e59b44847b379578588920cA78FbF26c0B4956C';

export const PROJECT_CONTRACTS = ['router', 'depository'] as const;
export type ProjectContract = (typeof PROJECT_CONTRACTS)[number];

const SALT_LABELS: Readonly<Record<ProjectContract, string>> = { router: 'swapbridge:Router:1', depository: 'swapbridge:Depository:1' };

/** One salt per contract and version: a new version of a contract gets a new address. */
export const PROJECT_SALTS: Readonly<Record<ProjectContract, Hex>> = {
  router: keccak256(toHex(SALT_LABELS.router)),
  depository: keccak256(toHex(SALT_LABELS.depository)),
};

/** The CREATE2 salt of a contract: the project's own, or one derived from it and the operator's salt text. */
export function projectSalt(contract: ProjectContract, operatorSalt?: string): Hex {
  return operatorSalt === undefined ? PROJECT_SALTS[contract] : keccak256(toHex(`${SALT_LABELS[contract]}:${operatorSalt}`));
}

/** The DeployProxy's creation code bound to `deployer` (the address it will obey). */
export function proxyCreationCode(deployer: Address): Hex {
  const argument = encodeAbiParameters([{ type: 'address' }], [deployer]);
  return `${deployProxyDeployable.creationCode}${argument.slice(2)}`;
}

export function proxyAddress(deployer: Address, contract: ProjectContract, operatorSalt?: string): Address {
  return getContractAddress({
    opcode: 'CREATE2',
    from: DETERMINISTIC_DEPLOYER,
    salt: projectSalt(contract, operatorSalt),
    bytecode: proxyCreationCode(deployer),
  });
}

/** The contract's address on every chain where `deployer` deploys it. */
export function projectContractAddress(deployer: Address, contract: ProjectContract, operatorSalt?: string): Address {
  // A contract account's nonce starts at 1 (EIP-161): the proxy's first CREATE uses it.
  return getContractAddress({ opcode: 'CREATE', from: proxyAddress(deployer, contract, operatorSalt), nonce: 1n });
}
