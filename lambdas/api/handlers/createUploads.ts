import { apiDepsFromEnvironment } from '../apiEnvironment';
import { createApiGatewayHandler } from '../http/apiGatewayHandler';
import { createUploads } from '../operations/createUploads';

/** API Gateway → createUploads (see routeTable.ts). */
export const handler = createApiGatewayHandler(createUploads, () => apiDepsFromEnvironment());
