import { restRoute } from '@/server/rest/rest-handler';
import { serveHealth } from '@/server/rest/health-routes';

// GET answers 503 with the same body when this instance cannot serve; other methods are refused as usual.
export const { POST, PUT, PATCH, DELETE } = restRoute('system.health');
export const GET = (request: Request) => serveHealth(request);
