import { createStageHandler } from '../../core/stage/createStageHandler';
import { verifierAgent } from './verifierAgent';

export const handler = createStageHandler(verifierAgent);
