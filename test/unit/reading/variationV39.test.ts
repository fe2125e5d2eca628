/**
 * Officer findings on the v39 variation set (test/corpus/reading/{en,fr}/v39-*): refusal letters whose
 * tick boxes were lost in the text layer (a lone "X" before the ticked factors) or transcribed after
 * each factor (« (case cochée) »), a refusal set aside on reconsideration in the same notes, someone
 * else's refusal recalled, misrepresentation found in other words, and outside checks (information
 * received through another country, « nos dossiers indiquent », a site visit after a search of the
 * employer), beside focused cases of each rule and the look-alikes it must leave alone.
 */
import { readCorpusFolder } from './corpusItem';
import { readOfficerFindings } from '../../../lambdas/agents/intake/reading/readOfficerFindings';
import { readingDocument } from '../../../lambdas/agents/intake/reading/readingDocument';
import type { DocumentType } from '../../../lambdas/contracts/documentTypes';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';
import type { CaseFacts } from '../../../lambdas/contracts/caseFacts';

const findings = (facts: CaseFacts) => facts.officerFindings.map((f) => `${f.kind}|${f.subject}`).sort();
const read = (text: string, type: DocumentType, language: 'en' | 'fr' = 'en') => {
  const doc: ExtractedDocument = { docId: 'd1', name: 'doc.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readOfficerFindings(readingDocument(doc, type, language))
    .map((f) => `${f.kind}|${f.subject}`)
    .sort();
};

describe('tick boxes the text layer lost', () => {
  it('reads the factors an "X" opens as ticked and the bare ones as empty boxes, a wrapped factor with its provision', () => {
    const got = findings(readCorpusFolder('en/v39-squeezed-x-ticks-study-permit').facts);
    expect(got).toEqual(['ground|IRPR 216(1)(b)', 'ground|IRPR 220', 'ground|funds', 'ground|purpose']);
  });

  it('reads « (case cochée) » after a factor as its ticked box and « (case non cochée) » as an empty one', () => {
    // As the PDF's text layer gives it: no blank line between the sentence and its list.
    const { text } = readCorpusFolder('fr/v39-refus-cases-cochee-mention');
    expect(read(text.replace(/\n[ \t]*\n/g, '\n'), 'refusal-letter', 'fr')).toEqual(['ground|IRPR 179(b)', 'ground|funds', 'ground|purpose']);
  });

  it('as a PDF gives it, the whole list run into the not-satisfied sentence: only the ticked factors are grounds', () => {
    const letter = [
      'Embassy of Canada — Visa Section',
      'I am not satisfied that you will leave Canada at the end of your stay, as stipulated in paragraph 179(b) of the IRPR, based on the following factors:',
      'Your travel history',
      'X Your family ties in Canada and in your country of residence',
      'Your personal assets and financial status',
      'Officer XX1000',
    ].join('\n');
    expect(read(letter, 'refusal-letter')).toEqual(['ground|IRPR 179(b)', 'ground|ties']);
  });

  it('leaves a list with no tick as it was: a letter that lists its factors with dashes grounds on all of them', () => {
    const letter = [
      'Embassy of Canada — Visa Section',
      'I am not satisfied that you will leave Canada at the end of your stay, as stipulated in paragraph 179(b) of the IRPR, based on the following factors:',
      '- Your family ties in Canada and in your country of residence',
      '- Your personal assets and financial status',
    ].join('\n');
    expect(read(letter, 'refusal-letter')).toEqual(['ground|IRPR 179(b)', 'ground|funds', 'ground|ties']);
  });
});

describe('a refusal set aside in the same notes', () => {
  it('drops what the notes found before the set-aside, keeps the refusal as an event', () => {
    const { facts } = readCorpusFolder('en/v39-gcms-refusal-set-aside-on-reconsideration');
    expect(facts.officerFindings).toEqual([]);
    expect(facts.timeline.some((e) => e.kind === 'refusal' && e.date?.iso === '2025-04-08')).toBe(true);
  });

  it('« Décision de refus … annulée » withdraws the French notes’ findings too', () => {
    expect(readCorpusFolder('fr/v39-notes-refus-annule-reexamen').facts.officerFindings).toEqual([]);
  });

  it('keeps the findings of a refusal that only recalls an earlier one, and those written after a set-aside', () => {
    const notes = [
      'GCMS NOTES',
      '2025-01-10 Refusal of 2024-12-02 set aside on reconsideration; file reopened.',
      '2025-01-20 No bank statements provided. Not satisfied PA will leave Canada at end of stay - R179(b). Refused.',
    ].join('\n');
    expect(read(notes, 'gcms-notes')).toEqual(['document-absent|funds', 'ground|IRPR 179(b)']);
  });
});

describe('history, misrepresentation and outside checks', () => {
  it('a spouse’s own refusal under A40(1)(a) is no ground of the applicant’s refusal', () => {
    const got = findings(readCorpusFolder('en/v39-gcms-boc-spouse-history').facts);
    expect(got).not.toContain('ground|IRPA 40(1)(a)');
    expect(got).toContain('ground|IRPR 179(b)');
  });

  it('"withheld a material fact" and "inadmissible under A40(1)(a)" find misrepresentation; information received through another country is an outside check of the refusal it shows', () => {
    const got = findings(readCorpusFolder('en/v39-gcms-pfl-sent-answered-misrep').facts);
    expect(got).toEqual(['extrinsic-evidence|immigration-history', 'fairness-letter-sent|procedural fairness', 'ground|IRPA 40(1)(a)', 'ground|misrepresentation']);
  });

  it('a fairness letter whose concern is a refusal « nos dossiers indiquent » stays a fairness letter, not a decision', () => {
    const got = findings(readCorpusFolder('fr/v39-lettre-equite-dossier-anterieur').facts);
    expect(got).toEqual(['extrinsic-evidence|immigration-history', 'fairness-letter-sent|procedural fairness']);
  });

  it('a site visit that names no matter goes on with the search of the employer before it', () => {
    const got = findings(readCorpusFolder('fr/v39-notes-recherche-google-visite').facts);
    expect(got.filter((f) => f.startsWith('extrinsic'))).toEqual(['extrinsic-evidence|employment']);
  });

  it('a check standing alone with no matter is still "other", and the applicant’s own documents reviewed are no check', () => {
    expect(read('NOTES SMGC\nVisite sur place le 2025-10-09 : local fermé. Pas convaincu que le DP quittera le Canada — R179b). Refusé.', 'gcms-notes', 'fr')).toContain('extrinsic-evidence|other');
    expect(read('GCMS NOTES\nPA’s employment letter and bank statements on file reviewed. Not satisfied PA will leave Canada at end of stay - R179(b). Refused.', 'gcms-notes').filter((f) => f.startsWith('extrinsic'))).toEqual([]);
  });

  it('missing experience is missing employment evidence; a contract on file is not missing', () => {
    const got = findings(readCorpusFolder('fr/v39-refus-contrat-fourni-experience-absente').facts);
    expect(got).toContain('document-absent|employment');
    expect(got).not.toContain('document-absent|other');
  });

  it('notes typed as another document still decide when they log the review; a letter that only tells of a refusal does not', () => {
    const notes = 'Client: work permit (LMIA)\n2025-03-04 Reviewed application. I telephoned the employer to verify the offer.\n2025-04-15 Response reviewed. Application refused under A40(1)(a).';
    expect(read(notes, 'other')).toEqual(expect.arrayContaining(['extrinsic-evidence|employment', 'ground|IRPA 40(1)(a)']));
    expect(read('Dear Sir,\nMy application was refused under A40(1)(a) of the IRPA. I ask you to look at it again.', 'other')).toEqual([]);
  });

  it('a host’s insufficient income grounds the super-visa refusal on funds', () => {
    expect(findings(readCorpusFolder('en/v39-super-visa-host-income').facts)).toEqual(['ground|IRPR 179(b)', 'ground|funds']);
  });
});
