import { serveUnknownApiPath } from '@/server/rest/operational-routes';

export const GET = serveUnknownApiPath;
export const POST = serveUnknownApiPath;
export const PUT = serveUnknownApiPath;
export const PATCH = serveUnknownApiPath;
export const DELETE = serveUnknownApiPath;
