/**
 * `npm start`: the production server on the built app (`npm run build` first). Listens on PORT (default
 * 3000) and HOSTNAME (default 0.0.0.0); `-p` and `-H` override them, as with `next start`.
 */
import { parseArgs } from 'node:util';
// Before the server's modules load: they read it (Next, the security headers).
Object.assign(process.env, { NODE_ENV: 'production' });
process.env.NEXT_TELEMETRY_DISABLED ??= '1';
// Before the modules load too: some print as they load (bigint-buffer's notice), and every line is to be in
// one format. An invalid LOG_FORMAT or LOG_LEVEL is refused by the configuration a moment later.
const { startEnv } = await import('@/server/config/env');
const env = startEnv();
const { installProcessOutput } = await import('@/server/observability/process-output');
installProcessOutput(env.logFormat, env.logLevel);
const { startAppServer } = await import('@/server/http/app-server');
const { startFailure } = await import('@/server/doctor/start-failure');
const { getServices } = await import('@/server/services');

const { values } = parseArgs({ options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } } });
const port = Number(values.port ?? env.port ?? 3000);
const hostname = values.hostname ?? env.hostname ?? '0.0.0.0';

const app = await startAppServer({ port, hostname, dir: process.cwd() }).catch((error: unknown) => {
  // A bad configuration (named variable) or a doctor's fault: said plainly, and the process ends.
  console.error(startFailure(error));
  process.exit(1);
});
const { config, logger } = await getServices();
logger.info('listening', { url: `http://${hostname}:${port}` });

// The first signal stops gracefully (SHUTDOWN_GRACE_MS) and exits 0; a second one exits at once.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) {
      logger.warn('shutdown: second signal, exiting at once', { signal, inFlight: 'cut' });
      process.exit(1);
    }
    stopping = true;
    void app
      .stop(signal, config.SHUTDOWN_GRACE_MS)
      .catch((error: unknown) => logger.error('shutdown failed', { error }))
      .finally(() => process.exit(0));
  });
}
