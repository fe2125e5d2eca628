import { getWorkflow } from '../../workflows/registry';
import { WORKFLOW_TYPES } from '../../workflows/schema';
import { EXIT } from './cliErrors';

/** `case-audit workflows`: the six workflow types, what each decides and its stages. */
export function workflowsCommand(): number {
  for (const type of WORKFLOW_TYPES) {
    const w = getWorkflow(type);
    const decides = w.outcomes.length ? w.outcomes.join(' / ') : type === 'document-list' ? 'present / missing / problem documents' : 'plain-language guidance';
    process.stdout.write(`${type.padEnd(20)} ${decides}\n${' '.repeat(21)}${w.stages.map((s) => s.id).join(' → ')}\n`);
  }
  return EXIT.ok;
}
