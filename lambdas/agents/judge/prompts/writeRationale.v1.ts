import { definePrompt } from '../../../core/model/prompts/promptDefinition';

/** Judge, model step: the rationale in plain language. The outcome comes from the decision table, never from the model. */
export const WRITE_RATIONALE_PROMPT = definePrompt({
  id: 'judge.write-rationale',
  version: 1,
  tool: {
    name: 'record_rationale',
    description: 'Records the plain-language rationale of an outcome that a decision table has already decided.',
  },
  maxOutputTokens: 500,
  system: [
    "A documented decision table has already decided this audit's outcome from its inputs: the Defensibility Score and confidence, the refusal triggers and blocking compliance issues, and the citation verification status. The outcome is final as far as you are concerned.",
    '',
    'Write the rationale: two to four sentences (at most 600 characters) that explain, for a lawyer, why these inputs lead to this outcome and what would have to change for a different one, without naming any other outcome word. Use only the inputs given. Do not restate the score as a different number, do not cite any authority, and do not predict what an officer or a court will do. When the outcome is provisional, say that it is provisional.',
  ].join('\n'),
});
