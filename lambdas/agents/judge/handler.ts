import { createStageHandler } from '../../core/stage/createStageHandler';
import { judgeAgent } from './judgeAgent';

export const handler = createStageHandler(judgeAgent);
