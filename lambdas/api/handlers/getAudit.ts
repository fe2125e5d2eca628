import { apiDepsFromEnvironment } from '../apiEnvironment';
import { createApiGatewayHandler } from '../http/apiGatewayHandler';
import { getAudit } from '../operations/getAudit';

/** API Gateway → getAudit (see routeTable.ts). */
export const handler = createApiGatewayHandler(getAudit, () => apiDepsFromEnvironment());
