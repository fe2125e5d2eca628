import { apiDepsFromEnvironment } from '../apiEnvironment';
import { createApiGatewayHandler } from '../http/apiGatewayHandler';
import { getReport } from '../operations/getReport';

/** API Gateway → getReport (see routeTable.ts). */
export const handler = createApiGatewayHandler(getReport, () => apiDepsFromEnvironment());
