/**
 * Writes the ABIs (and the QuoteLens runtime code) the server needs into server/venues/evm/generated/, so
 * the app never loads the Solidity compiler. `contract-bindings.test.ts` fails when they are stale:
 * run `npm run contracts:bindings` after changing contracts/.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderBindings } from '../server/venues/evm/generated/render-bindings';

const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'server/venues/evm/generated/contracts.ts');
writeFileSync(target, await renderBindings());
console.log(`wrote ${path.relative(process.cwd(), target)}`);
