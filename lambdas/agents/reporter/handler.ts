import { createStageHandler } from '../../core/stage/createStageHandler';
import { reporterAgent } from './reporterAgent';

export const handler = createStageHandler(reporterAgent);
