import { serveLiveness } from '@/server/rest/health-routes';

export const GET = serveLiveness;
