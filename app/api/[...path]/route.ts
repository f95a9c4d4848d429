import { serveApiRequest } from '@/server/rest/api-routes';

// Every /api/ path, dispatched through the route table the production server uses (server/rest/api-routes.ts),
// which is derived from the endpoint map. Next answers HEAD with GET and OPTIONS itself, as for any route file.
export const GET = serveApiRequest;
export const POST = serveApiRequest;
export const PUT = serveApiRequest;
export const PATCH = serveApiRequest;
export const DELETE = serveApiRequest;
