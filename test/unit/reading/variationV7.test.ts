/**
 * The reader on documents of the v7 variation set (test/corpus/reading/{en,fr}/v7-*): officer findings
 * in table logs, ticked squares and terse notes; background questions as "Q./A." pairs and as tables
 * with Yes / No columns (a number column before the question, details in a column of their own). Each
 * fact's quote is verbatim in the source, and the look-alikes (an empty square) are not read.
 */
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { CaseFacts } from '../../../lambdas/contracts/caseFacts';
import { readCorpusItem } from './corpusItem';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';


const read = readCorpusItem;

function expectQuotesVerbatim(facts: CaseFacts, text: string) {
  for (const f of [...facts.declarations, ...facts.officerFindings]) expect(text).toContain(f.evidence.quote);
}

const findings = (facts: CaseFacts) => [...new Set(facts.officerFindings.map((f) => `${f.kind}:${f.subject}`))].sort();
const answers = (facts: CaseFacts) => [...new Set(facts.declarations.map((d) => `${d.topic}:${d.answer}`))].sort();

describe('background questions, however they are transcribed', () => {
  it('reads "Q. …?" / "A. Yes. <details>" pairs, with the details a "Yes" discloses', () => {
    const { facts, text } = read('en/v7-background-qa-format', 'background-declaration.txt');
    expect(answers(facts)).toEqual(['criminality:no', 'military:yes', 'prior-refusal:no', 'prior-refusal:yes']);
    expect(facts.declarations.find((d) => d.topic === 'prior-refusal' && d.answer === 'yes')?.details).toMatch(/United Kingdom visitor visa refused in March 2019/);
    expectQuotesVerbatim(facts, text);
  });

  it('reads « Question : » / « Réponse : » pairs, an order to leave asked as a refusal ("reçu l’ordre de quitter")', () => {
    const { facts, text } = read('fr/v7-annexe-a-questions-reponses', 'annexe-a.txt');
    expect(answers(facts)).toEqual(['criminality:no', 'military:no', 'prior-refusal:no', 'prior-refusal:yes']);
    expectQuotesVerbatim(facts, text);
  });

  it('reads a table whose question stands after an item number, the X under Yes or No, and the details column of a "Yes"', () => {
    const en = read('en/v7-trv-form-table-background', 'imm5257.txt');
    expect(answers(en.facts)).toEqual(['criminality:no', 'medical:no', 'overstay:no', 'prior-refusal:yes']);
    expect(en.facts.declarations.find((d) => d.topic === 'prior-refusal')?.details).toBe('USA B1/B2 refused at Lagos consulate, 11 January 2023, section 214(b)');
    expect(en.facts.declarations.find((d) => d.topic === 'criminality')?.details).toBeUndefined();
    expectQuotesVerbatim(en.facts, en.text);
    const fr = read('fr/v7-formulaire-visiteur-tableau-antecedents', 'imm5257f.txt');
    expect(answers(fr.facts)).toEqual(['criminality:yes', 'medical:no', 'overstay:no', 'prior-refusal:no']);
    expect(fr.facts.declarations.find((d) => d.topic === 'criminality')?.details).toMatch(/relaxée par le tribunal/);
    expectQuotesVerbatim(fr.facts, fr.text);
  });
});

describe('what the officer found, in notes and letters of other layouts', () => {
  it('reads the adverse observations of a table log as grounds on their topic (funds: an unexplained deposit; purpose: the study plan)', () => {
    const en = read('en/v7-gcms-table-log-study', 'gcms-notes.txt');
    expect(findings(en.facts)).toEqual(['document-absent:funds', 'ground:IRPR 216(1)(b)', 'ground:funds', 'ground:purpose']);
    expectQuotesVerbatim(en.facts, en.text);
    const fr = read('fr/v7-notes-smgc-tableau-etudes', 'notes-smgc.txt');
    expect(findings(fr.facts)).toEqual(['ground:IRPR 216(1)(b)', 'ground:funds', 'ground:purpose']);
    expectQuotesVerbatim(fr.facts, fr.text);
  });

  it('reads the factors a letter ticks after "I have considered the following factors" / « J’ai tenu compte des facteurs suivants », not the empty square', () => {
    const en = read('en/v7-refusal-letter-ticked-work', 'refusal-letter.txt');
    expect(findings(en.facts)).toEqual(['document-absent:employment', 'ground:IRPR 200(1)(b)', 'ground:employment']);
    const fr = read('fr/v7-lettre-refus-cases-travail', 'lettre-de-refus.txt');
    expect(findings(fr.facts)).toEqual(['document-absent:employment', 'ground:IRPR 200(1)(b)', 'ground:employment', 'ground:purpose']);
    for (const { facts } of [en, fr]) expect(findings(facts)).not.toContain('ground:ties');
    expectQuotesVerbatim(fr.facts, fr.text);
  });

  it('takes a provision cited in a sentence of its own ("… under the Act. R4(1).") as the ground of the sentence before', () => {
    const { facts, text } = read('en/v7-gcms-pfl-response-spousal', 'gcms.txt');
    expect(findings(facts)).toEqual(['fairness-letter-sent:procedural fairness', 'ground:IRPR 4(1)', 'ground:genuineness']);
    expectQuotesVerbatim(facts, text);
  });

  it('reads a misrepresentation finding with its provision, the employer check it rests on and the fairness letter not sent', () => {
    const { facts, text } = read('fr/v7-notes-verification-employeur-sans-lettre', 'notes-smgc.txt');
    expect(findings(facts)).toEqual(['extrinsic-evidence:employment', 'fairness-letter-not-sent:procedural fairness', 'ground:IRPA 40(1)(a)', 'ground:misrepresentation']);
    expectQuotesVerbatim(facts, text);
  });
});

const events = (facts: CaseFacts) => facts.timeline.map((e) => `${e.kind}:${e.person}:${e.date?.iso ?? '-'}${e.country ? `:${e.country}` : ''}`).sort();

describe('the events of the same documents, dated as the documents date them', () => {
  it('dates a letter’s refusal by the day set to the right of its file number ("File: W3…      14 October 2025", "Dossier : …   Le 9 septembre 2025")', () => {
    expect(events(read('en/v7-refusal-letter-ticked-work', 'refusal-letter.txt').facts)).toContain('refusal:applicant:2025-10-14');
    expect(events(read('fr/v7-lettre-refus-cases-travail', 'lettre-de-refus.txt').facts)).toContain('refusal:applicant:2025-09-09');
  });

  it('dates each entry of a log set as a table by its first cell, and a permit named in the title is no history of studies', () => {
    const { facts } = read('fr/v7-notes-smgc-tableau-etudes', 'notes-smgc.txt');
    expect(events(facts)).toEqual(['application:applicant:2025-05-14', 'refusal:applicant:2025-06-02:Canada']);
  });

  it('reads the refusal a "Yes" discloses in a details cell or after « Oui - », with the country of its own sentence, not the question’s', () => {
    expect(events(read('en/v7-trv-form-table-background', 'imm5257.txt').facts)).toEqual(['refusal:applicant:2023-01-11:United States']);
    expect(events(read('fr/v7-annexe-a-questions-reponses', 'annexe-a.txt').facts)).toEqual(['refusal:applicant:2021-06:France']);
  });

  it('reads neither a planned trip without dates (« But du voyage : Tourisme ») nor a request for an employment letter as events', () => {
    expect(read('fr/v7-formulaire-visiteur-tableau-antecedents', 'imm5257f.txt').facts.timeline.filter((e) => e.kind === 'travel')).toEqual([]);
    expect(read('fr/v7-notes-verification-employeur-sans-lettre', 'notes-smgc.txt').facts.timeline.filter((e) => e.kind === 'employment')).toEqual([]);
    expect(read('en/v7-refusal-letter-ticked-work', 'refusal-letter.txt').facts.timeline.filter((e) => e.kind === 'employment')).toEqual([]);
  });
});

describe('look-alikes of a refusal (v8): a fairness letter and an approval', () => {
  it('reads a fairness letter as one sent, with the outside check behind its concern, and what the officer might find as no ground (EN/FR)', () => {
    const en = read('en/v8-pfl-concerns-not-refusal', 'procedural-fairness-letter.txt');
    expect(findings(en.facts)).toEqual(['extrinsic-evidence:employment', 'fairness-letter-sent:procedural fairness']);
    expectQuotesVerbatim(en.facts, en.text);
    const fr = read('fr/v8-lettre-equite-preoccupation', 'lettre-equite.txt');
    expect(findings(fr.facts)).toEqual(['extrinsic-evidence:funds', 'fairness-letter-sent:procedural fairness']);
    expectQuotesVerbatim(fr.facts, fr.text);
  });

  it('finds no ground in the notes of an approval, however the officer weighs funds, plan and ties', () => {
    expect(read('en/v8-gcms-approval-positive', 'gcms-notes.txt').facts.officerFindings).toEqual([]);
    expect(read('fr/v8-notes-approbation-favorables', 'notes-smgc.txt').facts.officerFindings).toEqual([]);
  });
});

describe('a form line that holds several fields', () => {
  it('reads each "Label : Yes/No" field set apart by wide gaps («  Refus antérieurs : Non   Accusations ou condamnations : Non »)', () => {
    const text = 'DEMANDE DE VISA DE RÉSIDENT TEMPORAIRE (IMM 5257)\nDurée : 2 ans   Refus antérieurs : Non   Accusations ou condamnations : Non\nDate : 2026-11-05\n';
    const doc: ExtractedDocument = { docId: 'd1', name: 'imm5257.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
    const facts = readCaseFacts([doc]);
    expect(answers(facts)).toEqual(['criminality:no', 'prior-refusal:no']);
    expectQuotesVerbatim(facts, text);
    expect(facts.declarations.find((d) => d.topic === 'prior-refusal')?.evidence.quote).toBe('Refus antérieurs : Non');
  });
});
