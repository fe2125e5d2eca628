import { createStageHandler } from '../../core/stage/createStageHandler';
import { gatekeeperAgent } from './gatekeeperAgent';

export const handler = createStageHandler(gatekeeperAgent);
