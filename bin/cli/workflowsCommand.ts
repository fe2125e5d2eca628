import { getWorkflow } from '../../workflows/registry';
import { WORKFLOW_TYPES } from '../../workflows/schema';
import { EXIT } from '../../local/run/exitCodes';

/** The listing `case-audit workflows` prints: the six workflow types, what each decides and its stages. */
export function workflowsListing(): string {
  let out = '';
  for (const type of WORKFLOW_TYPES) {
    const w = getWorkflow(type);
    const decides = w.outcomes.length ? w.outcomes.join(' / ') : type === 'document-list' ? 'present / missing / problem documents' : 'plain-language guidance';
    out += `${type.padEnd(20)} ${decides}\n${' '.repeat(21)}${w.stages.map((s) => s.id).join(' → ')}\n`;
  }
  return out;
}

/** `case-audit workflows`, within the whole CLI. */
export function workflowsCommand(): number {
  process.stdout.write(workflowsListing());
  return EXIT.ok;
}
