import { apiDepsFromEnvironment } from '../apiEnvironment';
import { createApiGatewayHandler } from '../http/apiGatewayHandler';
import { listAudits } from '../operations/listAudits';

/** API Gateway → listAudits (see routeTable.ts). */
export const handler = createApiGatewayHandler(listAudits, () => apiDepsFromEnvironment());
