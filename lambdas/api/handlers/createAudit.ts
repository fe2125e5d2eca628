import { apiDepsFromEnvironment } from '../apiEnvironment';
import { createApiGatewayHandler } from '../http/apiGatewayHandler';
import { createAudit } from '../operations/createAudit';

/** API Gateway → createAudit (see routeTable.ts). */
export const handler = createApiGatewayHandler(createAudit, () => apiDepsFromEnvironment());
