import { isAddress, type Address } from '@solana/kit';
import { fromBase58 } from '../codecs/bytes';
import { invalidParams } from '../errors/rpc-error';

export function expectAddress(value: unknown): Address {
  if (typeof value !== 'string' || !isAddress(value)) throw invalidParams('Invalid param: Invalid');
  return value;
}

export function expectSignature(value: unknown): string {
  if (typeof value !== 'string') throw invalidParams('Invalid param: Invalid');
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(fromBase58(value));
  } catch {
    throw invalidParams('Invalid param: Invalid');
  }
  if (bytes.length !== 64) throw invalidParams('Invalid param: WrongSize');
  return value;
}

export function configOf(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParams('Invalid params: invalid type: expected struct');
  return value as Record<string, unknown>;
}

export const expectedSequence = () => invalidParams('Invalid params: invalid type: expected a sequence');

/** A list parameter of at most `max` entries (the validator's limit for that method). */
export function expectList(value: unknown, max: number): unknown[] {
  if (!Array.isArray(value)) throw expectedSequence();
  if (value.length > max) throw invalidParams(`Too many inputs provided; max ${max}`);
  return value;
}
