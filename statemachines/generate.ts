import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { WORKFLOW_TYPES } from '../workflows/schema';
import { getWorkflow } from '../workflows/registry';
import { compileWorkflow } from './compileWorkflow';

/** `npm run asl`: regenerates statemachines/<type>.asl.json from workflows/<type>.json. */
export function renderAsl(type: (typeof WORKFLOW_TYPES)[number]): string {
  return `${JSON.stringify(compileWorkflow(getWorkflow(type)), null, 2)}\n`;
}

export const aslPath = (type: string): string => join(__dirname, `${type}.asl.json`);

if (require.main === module) {
  for (const type of WORKFLOW_TYPES) {
    writeFileSync(aslPath(type), renderAsl(type));
    process.stdout.write(`wrote statemachines/${type}.asl.json\n`);
  }
}
