import { createStageHandler } from '../../core/stage/createStageHandler';
import { intakeAgent } from './intakeAgent';

export const handler = createStageHandler(intakeAgent);
