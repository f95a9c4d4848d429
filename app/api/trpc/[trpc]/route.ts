import { serveTrpc } from '@/server/rest/trpc-handler';

export const GET = serveTrpc;
export const POST = serveTrpc;
