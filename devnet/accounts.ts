import { toHex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';

/** anvil's default mnemonic: its accounts are funded at genesis on every local EVM chain. */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';

export interface DevAccount {
  address: string;
  privateKey: `0x${string}`;
}

// Each derivation runs the mnemonic's PBKDF2 (tens of milliseconds); the world lists the same accounts on
// every chain, so derive each once per process.
const derived = new Map<number, DevAccount>();

export function anvilAccount(index: number): DevAccount {
  let account = derived.get(index);
  if (!account) {
    const hd = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index });
    const privateKey = hd.getHdKey().privateKey;
    if (!privateKey) throw new Error(`no private key for anvil account ${index}`);
    account = { address: hd.address, privateKey: toHex(privateKey) };
    derived.set(index, account);
  }
  return account;
}
