import { serveMetrics } from '@/server/rest/operational-routes';

export const GET = serveMetrics;
