import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderBindings } from './render-bindings';

describe('generated contract bindings', () => {
  it('match the current contracts (run `npm run contracts:bindings` when this fails)', async () => {
    const checkedIn = readFileSync(new URL('./contracts.ts', import.meta.url), 'utf8');
    expect(checkedIn === (await renderBindings())).toBe(true);
  }, 60_000);
});
