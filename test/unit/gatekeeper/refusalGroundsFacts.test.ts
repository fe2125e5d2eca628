/**
 * The refusal's grounds as triggers, read from the case-fact model's ground findings (each quoted
 * where the officer cites it), with the bar that follows a misrepresentation finding (IRPA 40(2)(a),
 * no ground in the model) still taken from the refusal's text.
 */
import { caseDocuments } from '../../../lambdas/agents/gatekeeper/consistency/caseDocuments';
import { refusalGroundTriggers } from '../../../lambdas/agents/gatekeeper/findings/refusalGrounds';
import { bundledSeverityRules } from '../../../lambdas/agents/gatekeeper/findings/severityRules';
import type { DocumentType } from '../../../lambdas/contracts/documentTypes';
import type { CaseFacts } from '../../../lambdas/contracts/caseFacts';
import { readableDoc } from '../../fixtures/documents/extractedDocs';
import { factModel, finding } from '../strategist/handBuiltFacts';

const LETTER = [
  'Immigration, Refugees and Citizenship Canada',
  'I have determined that you are inadmissible to Canada under paragraph 40(1)(a) of the Act for misrepresenting material facts.',
  'In accordance with paragraph 40(2)(a) of the Act, you remain inadmissible for a period of five years.',
  'Section 72 of the Act allows you to seek leave for judicial review.',
].join('\n');
const SUBMISSION = 'Counsel submits that the officer erred under paragraph 40(1)(a) and IRPR 4(1).';

function triggers(facts: CaseFacts | undefined, workflow = 'refusal-analysis') {
  const files: Array<{ name: string; type: DocumentType; text: string }> = [
    { name: 'refusal-letter.txt', type: 'refusal-letter', text: LETTER },
    { name: 'submission-letter.txt', type: 'submission-letter', text: SUBMISSION },
  ];
  const extracted = files.map((f) => readableDoc(f.name, f.text));
  const summaries = files.map((f) => ({ docId: f.name, name: f.name, status: 'ok' as const, statusDetail: '', type: f.type, typeReason: 'test', pages: 1, characters: f.text.length }));
  return refusalGroundTriggers(caseDocuments(extracted, summaries), workflow, bundledSeverityRules(), facts);
}

const GROUND = 'I have determined that you are inadmissible to Canada under paragraph 40(1)(a) of the Act for misrepresenting material facts.';

describe('refusal grounds from the case-fact model', () => {
  it('a ground finding of the refusal letter is a trigger quoting the sentence that cites it; the five-year bar is kept from the text', () => {
    const facts = factModel({ officerFindings: [finding('refusal-letter.txt', GROUND, { kind: 'ground', subject: 'IRPA 40(1)(a)' }), finding('refusal-letter.txt', GROUND, { kind: 'ground', subject: 'misrepresentation' })] });
    const out = triggers(facts);
    expect(out.map((t) => t.provision)).toEqual(['IRPA 40(1)(a)', 'IRPA 40(2)(a)']);
    expect(out[0].evidence).toEqual([{ docId: 'refusal-letter.txt', page: 1, quote: GROUND }]);
    expect(out[0].summary).toMatch(/^The refusal relies on IRPA 40\(1\)\(a\) .*cited in refusal-letter\.txt; the response must answer this ground\.$/);
    expect(out[1].evidence.map((e) => e.quote)).toEqual(['In accordance with paragraph 40(2)(a) of the Act, you remain inadmissible for a period of five years.']);
  });

  it('a provision the letter only mentions (the Act’s section 72 on review) is no ground when the model gives none for it', () => {
    expect(triggers(factModel({})).map((t) => t.provision)).toEqual(['IRPA 40(2)(a)']);
  });

  it('a ground read from counsel’s submissions, or a quote not in the file, gives no trigger', () => {
    const facts = factModel({
      officerFindings: [
        finding('submission-letter.txt', SUBMISSION, { kind: 'ground', subject: 'IRPR 4(1)' }),
        finding('refusal-letter.txt', 'a quote that is not in the letter', { kind: 'ground', subject: 'IRPR 179(b)' }),
      ],
    });
    expect(triggers(facts).map((t) => t.provision)).toEqual(['IRPA 40(2)(a)']);
  });

  it('an audit stored without a model reads every provision the refusal cites, as before; other workflows raise none', () => {
    expect(triggers(undefined).map((t) => t.provision)).toEqual(expect.arrayContaining(['IRPA 40(1)(a)', 'IRPA 40(2)(a)']));
    expect(triggers(factModel({ officerFindings: [finding('refusal-letter.txt', GROUND, { kind: 'ground', subject: 'IRPA 40(1)(a)' })] }), 'document-list')).toEqual([]);
  });
});
