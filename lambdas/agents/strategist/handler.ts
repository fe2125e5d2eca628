import { createStageHandler } from '../../core/stage/createStageHandler';
import { strategistAgent } from './strategistAgent';

export const handler = createStageHandler(strategistAgent);
