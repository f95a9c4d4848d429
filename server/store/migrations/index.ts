/**
 * Every migration, listed statically so bundlers (Next.js) include them; a folder scan at runtime would find
 * nothing inside a bundle. Names sort in the order they run: add new ones below with the next number.
 */
import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './001-initial';
import * as trades from './002-trades';
import * as bridge from './003-bridge';
import * as bridgeTokens from './004-bridge-tokens';
import * as bridgeDepositDepth from './005-bridge-deposit-depth';
import * as apiKeyScopes from './006-api-key-scopes';
import * as bridgeEconomics from './007-bridge-economics';

const migrations: Record<string, Migration> = {
  '001_initial': initial,
  '002_trades': trades,
  '003_bridge': bridge,
  '004_bridge_tokens': bridgeTokens,
  '005_bridge_deposit_depth': bridgeDepositDepth,
  '006_api_key_scopes': apiKeyScopes,
  '007_bridge_economics': bridgeEconomics,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
