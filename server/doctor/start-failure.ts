/**
 * What a server that cannot start says: a configuration error or the doctor's faults as they are (each
 * names the variable or chain to fix), anything else with its stack.
 */
import { ConfigError } from '@/server/config/env';
import { DoctorRefusal } from './doctor';

export function startFailure(error: unknown): string {
  if (error instanceof ConfigError || error instanceof DoctorRefusal) return `${error.message}\nRun \`npm run doctor\` for the whole report.`;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
