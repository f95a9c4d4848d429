import { getAddress, isAddress, keccak256 } from 'viem';
import { describe, expect, it } from 'vitest';
import { loadArtifact } from '../../devnet/evm/artifacts';
import type { BookToken, ChainAddressBook } from './address-book';
import { ADDRESS_BOOK } from './address-book-entries';
import { venuesFromAddressBook } from './chain-directory';
import { EVM_CHAIN_IDS } from './registry';

const chains = EVM_CHAIN_IDS.flatMap((id) => {
  const book = ADDRESS_BOOK[id];
  return book ? [[id, book] as const] : [];
});

/** Every sourced entry of a chain's book, named for the failure message. */
function entriesOf(book: ChainAddressBook): [string, { source: string }][] {
  const named: [string, { source: string } | undefined][] = [
    ['wrappedNative', book.wrappedNative],
    ...book.stables.map((token, index): [string, BookToken] => [`stables[${index}]`, token]),
    ['multicall3', book.multicall3],
    ['uniswapV2', book.uniswapV2],
    ['uniswapV3', book.uniswapV3],
    ['uniswapV4', book.uniswapV4],
    ['pancakeswapV3', book.pancakeswapV3],
    ['pancakeswapV2', book.pancakeswapV2],
  ];
  return named.filter((pair): pair is [string, { source: string }] => pair[1] !== undefined);
}

/** The fields that hold contract addresses, by entry. */
const ADDRESS_FIELDS = [
  'address',
  'factory',
  'router02',
  'quoterV2',
  'swapRouter02',
  'poolManager',
  'v4Quoter',
  'stateView',
  'poolDeployer',
  'swapRouter',
] as const;

function addressesOf(book: ChainAddressBook): [string, string][] {
  return entriesOf(book).flatMap(([name, entry]) =>
    ADDRESS_FIELDS.flatMap((field) => {
      const value = (entry as Partial<Record<string, unknown>>)[field];
      return value === undefined ? [] : [[`${name}.${field}`, value as string] as [string, string]];
    }),
  );
}

const creationCodeHash = (name: 'UniswapV2Pair' | 'UniswapV3Pool' | 'PancakeV3Pool') => keccak256(loadArtifact(name).bytecode);

describe('address book', () => {
  it('covers every EVM chain but those whose stables no official page documents', () => {
    expect(chains.length).toBeGreaterThan(0);
    // Story's wrapped IP is documented, but no page of Story, Circle, Tether or USDT0 names a stable on it.
    expect(ADDRESS_BOOK.STORY).toBeUndefined();
  });

  describe.each(chains)('%s', (_id, book) => {
    it('names an https page of the documentation for every entry', () => {
      for (const [name, entry] of entriesOf(book)) {
        expect(entry.source, name).toMatch(/^https:\/\/[^\s/]+\.[^\s/]+\//);
      }
    });

    it('stores every address in its EIP-55 form', () => {
      for (const [name, address] of addressesOf(book)) {
        expect(isAddress(address, { strict: false }), name).toBe(true);
        expect(getAddress(address), name).toBe(address);
      }
    });

    it('gives integer decimals between 0 and 36', () => {
      for (const token of [book.wrappedNative, ...book.stables]) {
        expect(Number.isInteger(token.decimals), token.symbol).toBe(true);
        expect(token.decimals, token.symbol).toBeGreaterThanOrEqual(0);
        expect(token.decimals, token.symbol).toBeLessThanOrEqual(36);
      }
    });

    it('lists at least one stable, each at its own address', () => {
      expect(book.stables.length).toBeGreaterThan(0);
      const addresses = book.stables.map((token) => token.address.toLowerCase());
      expect(new Set(addresses).size).toBe(addresses.length);
      expect(addresses).not.toContain(book.wrappedNative.address.toLowerCase());
    });

    it('records init code hashes as 32-byte hex', () => {
      for (const entry of [book.uniswapV2, book.uniswapV3, book.pancakeswapV3, book.pancakeswapV2]) {
        if (entry) expect(entry.initCodeHash).toMatch(/^0x[0-9a-f]{64}$/);
      }
    });

    // The hashes are the documented ones; recomputing them from the published creation code catches a mistyped digit
    // (every pair and pool address derived from the book would be wrong, silently).
    it('records the init code hashes of the published pair and pool bytecode', () => {
      if (book.uniswapV2) expect(book.uniswapV2.initCodeHash).toBe(creationCodeHash('UniswapV2Pair'));
      if (book.uniswapV3) expect(book.uniswapV3.initCodeHash).toBe(creationCodeHash('UniswapV3Pool'));
      if (book.pancakeswapV3) expect(book.pancakeswapV3.initCodeHash).toBe(creationCodeHash('PancakeV3Pool'));
    });

    it('gives PancakeSwap V3 fee tiers as positive integers', () => {
      for (const tier of book.pancakeswapV3?.feeTiers ?? []) {
        expect(Number.isInteger(tier) && tier > 0, String(tier)).toBe(true);
      }
      if (book.pancakeswapV3) expect(book.pancakeswapV3.feeTiers.length).toBeGreaterThan(0);
    });
  });

  it('keeps the 18-decimal Binance-Peg stables of BSC apart from the 6-decimal issuer tokens elsewhere', () => {
    expect(ADDRESS_BOOK.BSC?.stables.map((token) => token.decimals)).toEqual([18, 18]);
    expect(ADDRESS_BOOK.ETH?.stables.map((token) => token.decimals)).toEqual([6, 6]);
  });
});

describe('venues from the address book', () => {
  it("gives a real chain every venue its book lists, PancakeSwap's on BSC included", () => {
    const bsc = venuesFromAddressBook(ADDRESS_BOOK.BSC)!;
    expect(bsc.pancakeV2Factory).toBe(ADDRESS_BOOK.BSC!.pancakeswapV2!.factory);
    expect(bsc.pancakeV2Router).toBe(ADDRESS_BOOK.BSC!.pancakeswapV2!.router02);
    expect(bsc.pancakeV3Factory).toBe(ADDRESS_BOOK.BSC!.pancakeswapV3!.factory);
    expect(venuesFromAddressBook(ADDRESS_BOOK.BASE)!.pancakeV2Factory).toBeUndefined();
  });
});
