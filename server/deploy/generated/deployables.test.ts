import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderDeployables } from './render-deployables';

describe('generated deployables', () => {
  it('match the current contracts (run `npm run contracts:bindings` when this fails)', async () => {
    const checkedIn = readFileSync(new URL('./deployables.ts', import.meta.url), 'utf8');
    expect(checkedIn === (await renderDeployables())).toBe(true);
  }, 60_000);
});
