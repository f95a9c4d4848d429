import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { POOL_FAMILIES, ROUTER_VENUES } from './contract-enums';
import { EVM_VENUES } from './venue-table';

const CONTRACTS = path.resolve(__dirname, '..', '..', '..', 'contracts');

/** The members of `enum <name> { ... }` in a Solidity source, in declaration order. */
function solidityEnum(file: string, name: string): string[] {
  const source = readFileSync(path.join(CONTRACTS, file), 'utf8');
  const body = new RegExp(`enum\\s+${name}\\s*\\{([^}]*)\\}`).exec(source)?.[1];
  if (body === undefined) throw new Error(`${file} declares no enum ${name}`);
  return body
    .split(',')
    .map((member) => member.replace(/\/\/.*$/gm, '').trim())
    .filter(Boolean);
}

describe('the Solidity enums the server speaks in numbers', () => {
  it("lists the Router's Venue enum in its order", () => {
    expect([...ROUTER_VENUES]).toEqual(solidityEnum('router/Router.sol', 'Venue'));
  });

  it("lists the PoolStateReader's Family enum in its order", () => {
    expect([...POOL_FAMILIES]).toEqual(solidityEnum('lens/PoolStateReader.sol', 'Family'));
  });

  it('gives every venue adapter a value both enums have', () => {
    for (const venue of EVM_VENUES) {
      expect(ROUTER_VENUES[venue.routerKind], venue.id).toBeDefined();
      expect(POOL_FAMILIES[venue.poolFamily], venue.id).toBeDefined();
    }
  });
});
