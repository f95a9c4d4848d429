import { serveOpenApi } from '@/server/rest/operational-routes';

export const GET = serveOpenApi;
