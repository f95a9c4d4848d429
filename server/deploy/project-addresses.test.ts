import { describe, expect, it } from 'vitest';
import { deployedDepositoryAddress, deployedRouterAddress } from './configured-contracts';
import { PROJECT_CONTRACTS, projectContractAddress } from './project-addresses';

/** Anvil's second account: its addresses below were deployed to before any salt existed, and must not move. */
const DEPLOYER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';

describe('project contract addresses', () => {
  it('stay where they were for a key without a salt', () => {
    expect(projectContractAddress(DEPLOYER, 'router')).toBe('0x63966906E6503Ac02f5fb61b2D4073cC5F414743');
    expect(projectContractAddress(DEPLOYER, 'depository')).toBe('0x0B347E7CFa4C42eDD7c288b3bA5BCf5B072F4C9f');
  });

  it('move to a new pair for each salt, the same every time', () => {
    for (const contract of PROJECT_CONTRACTS) {
      const salted = projectContractAddress(DEPLOYER, contract, 'v2');
      expect(salted).not.toBe(projectContractAddress(DEPLOYER, contract));
      expect(salted).not.toBe(projectContractAddress(DEPLOYER, contract, 'v3'));
      expect(salted).toBe(projectContractAddress(DEPLOYER, contract, 'v2'));
    }
  });

  it('are found by the app through DEPLOY_SALT', () => {
    const keys = { SOLVER_PRIVATE_KEY: KEY, SOLVER_SECRET_KEY_SOL: undefined };
    expect(deployedRouterAddress(keys)).toBe(projectContractAddress(DEPLOYER, 'router'));
    expect(deployedRouterAddress({ ...keys, DEPLOY_SALT: 'v2' })).toBe(projectContractAddress(DEPLOYER, 'router', 'v2'));
    expect(deployedDepositoryAddress({ ...keys, DEPLOY_SALT: 'v2' })).toBe(projectContractAddress(DEPLOYER, 'depository', 'v2'));
  });
});
