import { restRoute } from '@/server/rest/rest-handler';

export const { GET, POST, PUT, PATCH, DELETE } = restRoute('v1.quote');
