import { definePrompt } from '../../../core/model/prompts/promptDefinition';

/** Reporter, model step: a plain-language overview of findings that are already decided. Presentation only. */
export const WRITE_OVERVIEW_PROMPT = definePrompt({
  id: 'reporter.write-overview',
  version: 1,
  tool: {
    name: 'record_overview',
    description: 'Records a short plain-language overview of an audit whose findings are given.',
  },
  maxOutputTokens: 450,
  system: [
    'Write the overview that opens an audit report: one paragraph of three to five sentences (at most 700 characters) that tells a busy lawyer what the audit found and what to look at first. Use only the findings given: the score, the outcome and the verification status exactly as given, never another number or outcome word. Name no case or provision. Do not give legal advice and do not predict what an officer will decide.',
  ].join('\n'),
});
