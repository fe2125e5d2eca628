/**
 * The reader on the v17 variation set (test/corpus/reading/{en,fr}/v17-*), written from real forms
 * and decisions in layouts the reader had not been shown: background questions whose boxes a PDF's
 * text layer stacks one a line, answers given later by number, one-letter answers (Y/N, O/N), forms
 * in one part per person, sworn disclosures and denials in the declarant's own words; and the
 * officer's findings in tick-box letters of 2013–2014, terse GCMS/SMGC notes, fairness letters only
 * contemplated. The look-alikes — counsel's letters that quote a question or dispute a ground, a
 * court's or tribunal's reasons that quote the officer, a sibling's refusal, what a form "says" —
 * are not read. Every quote is verbatim in the page it cites.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { CaseFacts } from '../../../lambdas/contracts/caseFacts';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const CORPUS = join(__dirname, '..', '..', 'corpus', 'reading');

/** Every document of an item read together, each page (form feed) a page, as an audit reads them. */
function read(item: string): { facts: CaseFacts; pages: string[] } {
  const files = readdirSync(join(CORPUS, item)).filter((f) => f !== 'expected.json').sort();
  const docs: ExtractedDocument[] = files.map((file, i) => {
    const pages = readFileSync(join(CORPUS, item, file), 'utf8').split('\f').map((text, k) => ({ page: k + 1, text }));
    const rendered = /\.(pdf|docx)\.txt$/.exec(file);
    return { docId: `d${i + 1}`, name: rendered ? file.replace(/\.txt$/, '') : file, format: rendered ? (rendered[1] as 'pdf' | 'docx') : 'text', status: 'ok', statusDetail: 'text read', pages, pageCount: pages.length };
  });
  return { facts: readCaseFacts(docs), pages: docs.flatMap((d) => d.pages.map((p) => p.text)) };
}

const answers = (facts: CaseFacts) => [...new Set(facts.declarations.map((d) => `${d.person}:${d.topic}:${d.answer}`))].sort();
const findings = (facts: CaseFacts) => [...new Set(facts.officerFindings.map((f) => `${f.kind}:${f.subject}`))].sort();

function expectQuotesVerbatim({ facts, pages }: { facts: CaseFacts; pages: string[] }) {
  for (const f of [...facts.declarations, ...facts.officerFindings]) expect(pages.some((p) => p.includes(f.evidence.quote))).toBe(true);
}

describe('background questions in layouts the reader had not been shown', () => {
  it('reads the IMM 5257 boxes a PDF text layer stacks one a line under each question (☐ / Yes / ☒ / No)', () => {
    const item = read('en/v17-imm5257-text-layer-boxes');
    expect(answers(item.facts)).toEqual(['applicant:criminality:no', 'applicant:medical:no', 'applicant:military:no', 'applicant:overstay:no', 'applicant:prior-refusal:yes']);
    expectQuotesVerbatim(item);
  });

  it('reads « Non ☐ Oui ☒ » stacked after the French question by the box ticked, not by the first word', () => {
    const { facts } = read('fr/v17-imm5257-couche-texte-cases');
    expect(answers(facts)).toContain('applicant:prior-refusal:yes');
    expect(answers(facts)).not.toContain('applicant:prior-refusal:no');
    expect(facts.declarations.find((d) => d.topic === 'prior-refusal')?.details).toMatch(/Espagne/);
  });

  it('answers the IMM 5669 questions printed as a list by the numbers given later on another page, and keeps "Yes (see attached)" as a disclosure', () => {
    const item = read('en/v17-imm5669-answers-by-number');
    expect(answers(item.facts)).toEqual(['applicant:criminality:no', 'applicant:medical:no', 'applicant:prior-refusal:no', 'applicant:prior-refusal:yes']);
    const disclosed = item.facts.declarations.find((d) => d.topic === 'prior-refusal' && d.answer === 'yes');
    expect(disclosed?.evidence.page).toBe(2);
    expect(disclosed?.details).toMatch(/see attached/);
    expectQuotesVerbatim(item);
  });

  it('reads the letters of a French schedule ("a) N   d) N   i) O") as the spouse’s answers when she fills in the form', () => {
    const { facts } = read('fr/v17-annexe-a-reponses-par-numero');
    expect(answers(facts)).toEqual(['spouse-or-partner:criminality:no', 'spouse-or-partner:medical:no', 'spouse-or-partner:military:yes', 'spouse-or-partner:prior-refusal:no']);
  });

  it('reads an IMM 1344 answered Y or N after dotted leaders, and being sponsored oneself is not having sponsored', () => {
    const { facts } = read('en/v17-imm1344-eligibility-y-n');
    expect(answers(facts)).toEqual(['sponsor:criminality:no', 'sponsor:previous-sponsorship:no', 'sponsor:removal:no']);
  });

  it.each([
    ['en/v17-imm5532-sections-per-person', ['applicant:previous-marriage:yes', 'applicant:prior-refusal:no', 'sponsor:previous-marriage:no', 'sponsor:previous-sponsorship:no']],
    ['fr/v17-imm5532-parties-par-personne', ['applicant:previous-marriage:no', 'sponsor:previous-marriage:yes', 'sponsor:previous-sponsorship:yes']],
  ])('gives each part of an IMM 5532 (%s) to the person its heading names, answered "Answer: Y" / « Réponse : O »', (item, expected) => {
    expect(answers(read(item).facts)).toEqual(expected);
  });

  it('reads an "Answers" column of Y and N, the questions about the spouse and the children being theirs', () => {
    const item = read('en/v17-intake-questionnaire-answers-column');
    expect(answers(item.facts)).toEqual([
      'applicant:criminality:no',
      'applicant:military:yes',
      'applicant:overstay:no',
      'applicant:previous-marriage:no',
      'applicant:prior-refusal:yes',
      'other:criminality:no',
      'spouse-or-partner:prior-refusal:no',
    ]);
    expectQuotesVerbatim(item);
  });

  it('reads « Oui (voir la pièce jointe no 3) » as a yes: "no 3" is a number, not a choice', () => {
    expect(answers(read('fr/v17-imm0008-union-anterieure-pj').facts)).toEqual(['applicant:previous-marriage:yes']);
  });

  it('reads answers set under numbered questions after a dash, a family member’s question answering for them', () => {
    const { facts } = read('fr/v17-questionnaire-membres-famille');
    expect(answers(facts)).toEqual(['applicant:criminality:no', 'applicant:previous-marriage:no', 'applicant:prior-refusal:no', 'other:prior-refusal:no', 'spouse-or-partner:criminality:yes']);
    expect(facts.declarations.find((d) => d.person === 'spouse-or-partner')?.details).toMatch(/facultés affaiblies/);
  });
});

describe('sworn statements in the declarant’s own words', () => {
  it.each([
    ['en/v17-statutory-declaration-discloses', 'declined my application', 'taken into custody'],
    ['fr/v17-declaration-solennelle-divulgue', 'opposé un refus', 'garde à vue'],
  ])('reads the disclosures and the denials of a solemn declaration (%s)', (name, refusal, charge) => {
    const item = read(name);
    expect(answers(item.facts)).toEqual(['applicant:criminality:yes', 'applicant:overstay:no', 'applicant:prior-refusal:yes', 'applicant:removal:no']);
    expect(item.facts.declarations.find((d) => d.topic === 'prior-refusal')?.evidence.quote).toContain(refusal);
    expect(item.facts.declarations.find((d) => d.topic === 'criminality')?.evidence.quote).toContain(charge);
    expectQuotesVerbatim(item);
  });

  it('reads a sponsored wife’s denials in her own words, and her husband’s first marriage as his', () => {
    const item = read('fr/v17-declaration-sous-serment-epoux');
    // « Aucun pays ne m'a jamais refusé de visa, y compris le Canada » : « y compris » widens, it does not restrict.
    expect(answers(item.facts)).toEqual(['applicant:criminality:no', 'applicant:previous-marriage:no', 'applicant:prior-refusal:no', 'sponsor:previous-marriage:yes']);
    expectQuotesVerbatim(item);
  });

  it('reads a sponsor’s own denials in an affidavit, not her brother’s refusal, not what her form says, not the instructions', () => {
    const { facts } = read('en/v17-sponsor-affidavit-lookalikes');
    // "No removal order has ever been made against me in Canada or anywhere else": "anywhere else" restricts nothing.
    expect(answers(facts)).toEqual(['sponsor:criminality:no', 'sponsor:previous-sponsorship:no', 'sponsor:removal:no']);
  });

  it('reads nothing from what a French sponsor reports his form to say, nor from his sister’s removal', () => {
    const { facts } = read('fr/v17-affidavit-repondant-sosies');
    expect(answers(facts)).toEqual(['sponsor:criminality:no', 'sponsor:previous-sponsorship:no']);
  });

  it.each(['en/v17-counsel-letter-repeats-questions', 'fr/v17-observations-avocate-conteste'])(
    'reads neither a declaration nor an officer’s finding from counsel’s letter that quotes the question and disputes the grounds (%s)',
    (name) => {
      const { facts } = read(name);
      expect(facts.declarations).toEqual([]);
      expect(facts.officerFindings).toEqual([]);
    },
  );
});

describe('the officer’s findings in letters and notes of other eras and offices', () => {
  it('reads a 2014 tick-box refusal by its ticked reason and factors, not by the empty boxes', () => {
    const item = read('en/v17-refusal-letter-2014-tickbox');
    expect(findings(item.facts)).toEqual(['ground:IRPR 179(b)', 'ground:employment', 'ground:immigration-history', 'ground:purpose']);
    expectQuotesVerbatim(item);
  });

  it.each(['en/v17-refusal-letter-bullet-reasons', 'fr/v17-lettre-refus-puces-modernes'])('reads the bulleted reasons of the 2019–2024 template as grounds (%s)', (name) => {
    const item = read(name);
    expect(findings(item.facts)).toEqual(['ground:IRPR 179(b)', 'ground:funds', 'ground:purpose', 'ground:ties']);
    expectQuotesVerbatim(item);
  });

  it('reads GCMS notes kept as a Date | User | Note table, a PFL expressly not issued, and the father’s income not proven', () => {
    const { facts } = read('en/v17-gcms-table-pfl-not-issued');
    expect(findings(facts)).toEqual(['document-absent:funds', 'fairness-letter-not-sent:procedural fairness', 'ground:IRPR 216(1)(b)', 'ground:purpose']);
  });

  it.each([
    ['en/v17-gcms-pf-letter-website-check', ['document-absent:education', 'extrinsic-evidence:employment', 'fairness-letter-sent:procedural fairness', 'ground:IRPR 200(1)(b)', 'ground:IRPR 200(5)', 'ground:genuineness']],
    ['fr/v17-notes-smgc-site-web-dossier', ['document-absent:education', 'extrinsic-evidence:education', 'fairness-letter-sent:procedural fairness', 'ground:IRPR 216(1)(b)']],
  ])('reads a file that "does not contain" a document, a website check and a fairness letter sent, in notes of another hand (%s)', (name, expected) => {
    expect(findings(read(name).facts)).toEqual(expected);
  });

  it('reads a French 2013 tick-box refusal, its ticked « Autre » saying a document never arrived', () => {
    const { facts } = read('fr/v17-lettre-refus-2013-cases');
    expect(findings(facts)).toEqual(['document-absent:employment', 'ground:IRPR 179(b)', 'ground:funds', 'ground:ties']);
  });

  it('reads terse GCMS notes in abbreviations ("Not satisf … R179(b)", "No ITR on file", "Tel verif", "PFL sent")', () => {
    const item = read('en/v17-gcms-terse-abbreviations');
    expect(findings(item.facts)).toEqual([
      'document-absent:employment',
      'document-absent:funds',
      'extrinsic-evidence:employment',
      'fairness-letter-sent:procedural fairness',
      'ground:IRPR 179(b)',
      'ground:employment',
      'ground:funds',
    ]);
    expectQuotesVerbatim(item);
  });

  it('reads French SMGC abbreviations (« Vérif. tél. », « LEP envoyée ») and the provision after « al. », not the 40(2)(a) consequence', () => {
    const { facts } = read('fr/v17-notes-smgc-abreviations');
    expect(findings(facts)).toEqual([
      'document-absent:employment',
      'extrinsic-evidence:employment',
      'fairness-letter-sent:procedural fairness',
      'ground:IRPA 40(1)(a)',
      'ground:IRPR 200(3)(a)',
      'ground:employment',
      'ground:misrepresentation',
    ]);
  });

  it.each([
    ['en/v17-gcms-pfl-contemplated-checklist', ['extrinsic-evidence:employment', 'fairness-letter-not-sent:procedural fairness', 'ground:IRPR 200(1)(b)']],
    ['fr/v17-notes-lep-envisagee', ['extrinsic-evidence:funds', 'fairness-letter-not-sent:procedural fairness', 'ground:IRPR 179(b)', 'ground:purpose']],
  ])('reads a fairness letter only contemplated, then found unneeded, as none sent, and an empty risk checklist as no ground (%s)', (name, expected) => {
    expect(findings(read(name).facts)).toEqual(expected);
  });

  it.each(['en/v17-federal-court-quotes-officer', 'fr/v17-decision-sai-cite-agent'])('reads nothing as the officer’s finding from reasons that quote the officer (%s)', (name) => {
    expect(read(name).facts.officerFindings).toEqual([]);
  });
});
