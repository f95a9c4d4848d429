import { serveTrpc } from '@/server/rest/trpc-handler';

// Next.js passes the route context as a second argument; serveTrpc takes only the request from it.
export const GET = (request: Request) => serveTrpc(request);
export const POST = (request: Request) => serveTrpc(request);
