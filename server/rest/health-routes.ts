/**
 * The load balancer's two probes. `/api/health` is the health report with 200 when this instance can serve
 * and 503 (the same body) when it cannot: take it out of rotation. `/api/health/live` is 200 while the process
 * runs, whatever the chains, the database or the start-up checks say: restart it only when this one fails.
 */
import type { Services } from '@/server/services';
import { jsonResponse, serveHttp } from './http';

export function serveHealth(request: Request, loadServices?: () => Promise<Services>): Promise<Response> {
  return serveHttp(
    request,
    '/api/health',
    async ({ services }) => {
      const report = await services.health.check();
      return jsonResponse(report, report.status === 'unavailable' ? 503 : 200);
    },
    loadServices,
  );
}

/** Answered without the services: a server whose start-up checks refuse to serve is still running. */
export async function serveLiveness(): Promise<Response> {
  return jsonResponse({ success: true, status: 'live', uptimeSeconds: Math.round(process.uptime()) });
}
