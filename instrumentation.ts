/**
 * Runs once when the server process starts: starts telling requests from this machine from others
 * (server/auth/peer-address.ts), validates configuration and opens the store right away, so a bad
 * environment fails at start and the key CLI can reach the embedded store before the first request.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // First, so requests are stamped with their peer (this machine or elsewhere) from the start.
  const { watchPeers } = await import('@/server/auth/peer-address');
  watchPeers();
  const { getServices } = await import('@/server/services');
  const { startFailure } = await import('@/server/doctor/start-failure');
  const services = await getServices().catch((error: unknown) => {
    // Next would keep serving, every request answering 500: a server that cannot run ends instead.
    console.error(startFailure(error));
    process.exit(1);
  });
  // The request proxy starts sessions for page loads; from now on it counts them per client address.
  const { createSessionGate, installSessionGate } = await import('@/server/auth/session-gate');
  installSessionGate(
    createSessionGate({
      rateLimiter: services.rateLimiter,
      sessionsPerHour: services.config.SESSIONS_PER_IP_PER_HOUR,
      trustedProxyHops: services.config.TRUST_PROXY,
    }),
  );
  services.logger.info('server ready', {
    version: services.version,
    storage: services.store.engine,
    localWorld: services.config.localWorld,
    chainsAvailable: Object.values(services.chains).filter((chain) => chain.available).length,
  });
}
