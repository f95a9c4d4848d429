/**
 * Writes the ABIs (and the QuoteLens runtime code) the server needs into server/venues/evm/generated/, and the
 * deployable contracts' code into server/deploy/generated/, so
 * the app never loads the Solidity compiler. `contract-bindings.test.ts` fails when they are stale:
 * run `npm run contracts:bindings` after changing contracts/.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderDeployables } from '../server/deploy/generated/render-deployables';
import { renderBindings } from '../server/venues/evm/generated/render-bindings';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
for (const [file, render] of [
  ['server/venues/evm/generated/contracts.ts', renderBindings],
  ['server/deploy/generated/deployables.ts', renderDeployables],
] as const) {
  writeFileSync(path.join(root, file), await render());
  console.log(`wrote ${file}`);
}
