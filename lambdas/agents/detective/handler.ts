import { createStageHandler } from '../../core/stage/createStageHandler';
import { detectiveAgent } from './detectiveAgent';

export const handler = createStageHandler(detectiveAgent);
