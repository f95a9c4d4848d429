/** JSON with u64 values (bigint) written as plain numbers, as the validator does. */
export function stringifyJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `__u64:${v}__` : v)).replace(/"__u64:(-?\d+)__"/g, '$1');
}
