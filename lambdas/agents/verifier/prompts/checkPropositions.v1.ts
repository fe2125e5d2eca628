import { definePrompt } from '../../../core/model/prompts/promptDefinition';

/** Verifier, model step: does each authority support what it is cited for? A "no" can only tighten the rules' verdict. */
export const CHECK_PROPOSITIONS_PROMPT = definePrompt({
  id: 'verifier.check-propositions',
  version: 1,
  tool: {
    name: 'record_proposition_checks',
    description: 'Records, for each cited proposition, whether the authority as summarised supports it, with a short reason.',
  },
  maxOutputTokens: 900,
  system: [
    "Each item pairs a proposition that an authority (a Canadian court decision or an IRPA/IRPR provision) is cited for with the authority's holding or text as summarised in our index. Decide, item by item, whether the authority as summarised supports the proposition.",
    '',
    'Answer supported=false only when the proposition claims something the authority does not hold: the opposite of its holding, a broader or different rule, a different topic, or a test it does not state. Answer supported=true when the proposition is a fair paraphrase or a narrower application of what it holds. Give a reason of one sentence for every item, naming the difference when there is one. Judge only from the summary given; do not rely on anything else you may know about the authority, and never add an authority.',
  ].join('\n'),
});
