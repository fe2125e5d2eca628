import { mergeCaseFacts, type ModelCaseFactsAnswer } from '../../../lambdas/agents/intake/reading/modelCaseFacts';
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const form: ExtractedDocument = {
  docId: 'form',
  name: 'form.txt',
  format: 'text',
  status: 'ok',
  statusDetail: 'text read',
  pages: [{ page: 1, text: 'Have you ever been refused a visa or permit, denied entry or ordered to leave Canada or any other country or territory?\nNo\nWe exchanged our first messages through a language-exchange forum in the autumn of 2018.' }],
  pageCount: 1,
};
const empty: ModelCaseFactsAnswer = { events: [], declarations: [], money: [], officerFindings: [], parties: [] };

describe('the model reader adds to the rules reading, never over it', () => {
  const rules = readCaseFacts([form]);

  it('adds a fact the rules missed when its quote is verbatim, marked as read by the model', () => {
    const merged = mergeCaseFacts([form], rules, { ...empty, events: [{ kind: 'first-contact', person: 'applicant', date: '2018', docId: 'form', page: 1, quote: 'We exchanged our first messages through a language-exchange forum' }] });
    expect(merged.added).toBe(1);
    expect(merged.facts.timeline).toContainEqual(expect.objectContaining({ kind: 'first-contact', source: 'model', date: { iso: '2018', precision: 'year' } }));
    expect(merged.facts.declarations).toEqual(rules.declarations);
  });

  it('drops a fact whose quote is not in the document', () => {
    const merged = mergeCaseFacts([form], rules, { ...empty, events: [{ kind: 'marriage', person: 'applicant', date: '2020-01-01', docId: 'form', page: 1, quote: 'we were married on the first of January' }] });
    expect(merged).toMatchObject({ added: 0, droppedUnverified: 1 });
    expect(merged.facts.timeline.some((e) => e.kind === 'marriage')).toBe(false);
  });

  it('keeps a disagreement between the readers side by side instead of choosing', () => {
    expect(rules.declarations).toEqual([expect.objectContaining({ topic: 'prior-refusal', answer: 'no' })]);
    const merged = mergeCaseFacts([form], rules, { ...empty, declarations: [{ topic: 'prior-refusal', person: 'applicant', answer: 'yes', docId: 'form', page: 1, quote: 'ordered to leave Canada or any other country or territory?\nNo' }] });
    expect(merged.conflicts).toBe(1);
    expect(merged.facts.declarations).toEqual(rules.declarations);
    expect(merged.facts.conflicts.at(-1)?.readings.map((r) => [r.value, r.source])).toEqual([
      ['no', 'rules'],
      ['yes', 'model'],
    ]);
  });
});
