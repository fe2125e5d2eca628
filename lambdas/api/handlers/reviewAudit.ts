import { apiDepsFromEnvironment } from '../apiEnvironment';
import { createApiGatewayHandler } from '../http/apiGatewayHandler';
import { reviewAudit } from '../operations/reviewAudit';

/** API Gateway → reviewAudit (see routeTable.ts). */
export const handler = createApiGatewayHandler(reviewAudit, () => apiDepsFromEnvironment());
