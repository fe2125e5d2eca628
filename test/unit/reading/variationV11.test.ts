/**
 * The reader on documents of the v11 variation set (test/corpus/reading/{en,fr}/v11-*): what the
 * officer found, read only from the officer's own decision (not from a tribunal's or court's reasons
 * that recount it, nor from an information sheet of what an officer may consider), fairness letters
 * and the outside checks they rest on; background questions in the layouts forms come in (boxes on
 * the line under the question, YES/NO layout columns, one column per member of a family). Each fact's
 * quote is verbatim in the source, and the look-alikes are not read.
 */
import { provisionsIn } from '../../../lambdas/agents/intake/reading/provisions';
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { CaseFacts } from '../../../lambdas/contracts/caseFacts';
import { readCorpusItem as read } from './corpusItem';

function expectQuotesVerbatim(facts: CaseFacts, text: string) {
  for (const f of [...facts.declarations, ...facts.officerFindings]) expect(text).toContain(f.evidence.quote);
}

const findings = (facts: CaseFacts) => [...new Set(facts.officerFindings.map((f) => `${f.kind}:${f.subject}`))].sort();
const answers = (facts: CaseFacts) => [...new Set(facts.declarations.map((d) => `${d.person}:${d.topic}:${d.answer}`))].sort();

describe('what the officer found, and only the officer', () => {
  it('reads nothing as the officer’s finding from an appeal decision that recounts the refusal (IAD / SAI)', () => {
    for (const [item, file] of [
      ['en/v11-iad-decision-spousal-appeal-allowed', 'iad-decision.txt'],
      ['fr/v11-decision-sai-parrainage-accueilli', 'decision-sai.txt'],
    ]) {
      const { facts, text } = read(item, file);
      // The officer's R4(1) refusal and the missing photographs are told in the third person; the panel decides otherwise.
      expect(text).toMatch(/4\(1\)/);
      expect(facts.officerFindings).toEqual([]);
    }
  });

  it('reads nothing as the officer’s finding from a summary of a Federal Court judgment', () => {
    for (const [item, file] of [
      ['en/v11-federal-court-summary-misrepresentation', 'case-summary.md'],
      ['fr/v11-resume-cour-federale-refus-etudes', 'resume-jugement.md'],
    ]) {
      expect(read(item, file).facts.officerFindings).toEqual([]);
    }
  });

  it('reads no ground from an information sheet that lists what an officer may consider and when an application may be refused', () => {
    const { facts } = read('fr/v11-fiche-information-facteurs-possibles', 'fiche-information.txt');
    expect(facts.officerFindings).toEqual([]);
  });

  it('reads a fairness letter as sent with the outside check behind its concern, and the 40(1)(a) it warns of as no ground', () => {
    const en = read('en/v11-pfl-work-permit-employer-call', 'procedural-fairness-letter.txt');
    expect(findings(en.facts)).toEqual(['extrinsic-evidence:employment', 'fairness-letter-sent:procedural fairness']);
    expectQuotesVerbatim(en.facts, en.text);
    const fr = read('fr/v11-lettre-equite-verification-diplome', 'lettre-equite.docx.txt');
    expect(findings(fr.facts)).toEqual(['extrinsic-evidence:education', 'fairness-letter-sent:procedural fairness']);
    expectQuotesVerbatim(fr.facts, fr.text);
  });

  it('reads the ticked reasons of a refusal letter and its stated provisions, not the empty boxes nor what a future officer may consider', () => {
    const en = read('en/v11-refusal-letter-study-ticked-reasons', 'refusal-letter.pdf.txt');
    expect(findings(en.facts)).toEqual(['ground:IRPR 216(1)(b)', 'ground:IRPR 220', 'ground:funds', 'ground:purpose']);
    expectQuotesVerbatim(en.facts, en.text);
    const fr = read('fr/v11-lettre-refus-visiteur-cases-oui-non', 'lettre-refus.pdf.txt');
    expect(findings(fr.facts)).toEqual(['ground:IRPR 179(b)', 'ground:employment', 'ground:funds', 'ground:purpose']);
    expectQuotesVerbatim(fr.facts, fr.text);
  });

  it('reads the officer’s adverse observations in notes, not what the applicant states nor the test the officer restates', () => {
    const states = read('en/v11-gcms-notes-visitor-applicant-states', 'gcms-notes.txt');
    expect(findings(states.facts)).toEqual(['document-absent:employment', 'document-absent:purpose', 'ground:IRPR 179(b)', 'ground:funds', 'ground:purpose']);
    expectQuotesVerbatim(states.facts, states.text);
    const restated = read('en/v11-gcms-officer-restates-test', 'gcms.txt');
    expect(findings(restated.facts)).toEqual(['document-absent:funds', 'ground:IRPR 179(b)', 'ground:funds']);
    const fr = read('fr/v11-notes-smgc-etudes-le-dp-declare', 'notes-smgc.txt');
    expect(findings(fr.facts)).toEqual(['document-absent:funds', 'ground:IRPR 216(1)(b)', 'ground:funds', 'ground:purpose']);
    expectQuotesVerbatim(fr.facts, fr.text);
  });

  it('reads a misrepresentation finding in a table log with the employer check and the fairness letter, not the 40(2)(a) bar that follows', () => {
    const { facts, text } = read('fr/v11-notes-smgc-travail-fausses-declarations', 'notes-smgc.txt');
    expect(findings(facts)).toEqual([
      'document-absent:employment',
      'extrinsic-evidence:employment',
      'fairness-letter-sent:procedural fairness',
      'ground:IRPA 40(1)(a)',
      'ground:misrepresentation',
    ]);
    expectQuotesVerbatim(facts, text);
  });
});

describe('what the notes recall is not what the officer decides', () => {
  const readNotes = (text: string) =>
    readCaseFacts([{ docId: 'd1', name: 'gcms-notes.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 }]);

  it('reads no ground from the notes of an approval that recall an earlier refusal', () => {
    const facts = readNotes('GCMS notes\n2025-08-08 Officer PP\nApplication summary: TRV, visit sister, 3 weeks. Prior refusal R179(b) 2021 (funds).\nFunds now: CAD 14,000 with salary deposits. Purpose consistent.\nApplication approved.\n');
    expect(facts.officerFindings).toEqual([]);
  });

  it('reads this refusal’s grounds, not the earlier refusal or the law the officer quotes', () => {
    const facts = readNotes(
      'GCMS notes\n2025-04-02 Officer AB12\nPA\'s previous visa was refused in 2021 under R179(b).\nSubsection 11(1) of the Act provides that a visa shall be issued only if the officer is satisfied that the foreign national is not inadmissible.\nStudy plan does not explain why the program is needed.\nI am not satisfied that PA will leave Canada at the end of the stay, R216(1)(b). Refused.\n',
    );
    expect(findings(facts)).toEqual(['ground:IRPR 216(1)(b)', 'ground:purpose']);
  });
});

describe('background questions, in the layouts forms come in', () => {
  it('reads IMM 5257 Schedule 1 answers boxed on the line under each question, in English and French box styles, with the details under “provide details:”', () => {
    const en = read('en/v11-imm5257-schedule1-box-layouts', 'imm5257-schedule1.pdf.txt');
    expect(answers(en.facts)).toEqual(['applicant:criminality:no', 'applicant:medical:no', 'applicant:military:yes', 'applicant:overstay:no', 'applicant:prior-refusal:yes']);
    expect(en.facts.declarations.find((d) => d.topic === 'prior-refusal')?.details).toMatch(/B1\/B2 visa refused/);
    expectQuotesVerbatim(en.facts, en.text);
    const fr = read('fr/v11-imm5257-annexe1-cases-francaises', 'annexe1.pdf.txt');
    expect(answers(fr.facts)).toEqual(['applicant:criminality:no', 'applicant:medical:no', 'applicant:military:no', 'applicant:overstay:no', 'applicant:prior-refusal:yes']);
    expect(fr.facts.declarations.find((d) => d.topic === 'prior-refusal')?.details).toMatch(/^visa Schengen refusé/);
    expectQuotesVerbatim(fr.facts, fr.text);
  });

  it('reads an X by the YES or NO column it stands under, a question wrapped over several lines', () => {
    const { facts, text } = read('en/v11-imm5669-layout-columns', 'imm5669-pdftotext-layout.txt');
    expect(answers(facts)).toEqual(['applicant:criminality:no', 'applicant:military:no', 'applicant:prior-refusal:no', 'applicant:prior-refusal:yes']);
    expectQuotesVerbatim(facts, text);
  });

  it('reads each family member’s column as theirs: the spouse’s “Yes” is not the applicant’s, nor the child’s “No”', () => {
    const en = read('en/v11-family-background-columns', 'family-background-questionnaire.docx.txt');
    const enAnswers = answers(en.facts);
    expect(enAnswers).toEqual(expect.arrayContaining(['applicant:prior-refusal:yes', 'spouse-or-partner:military:yes', 'spouse-or-partner:previous-marriage:yes', 'other:prior-refusal:no']));
    expect(enAnswers).not.toContain('applicant:prior-refusal:no');
    expect(enAnswers).not.toContain('applicant:military:yes');
    expect(en.facts.declarations.filter((d) => d.person === 'other')).toHaveLength(5);
    expectQuotesVerbatim(en.facts, en.text);
    const fr = read('fr/v11-questionnaire-famille-colonnes', 'questionnaire-antecedents.txt');
    const frAnswers = answers(fr.facts);
    expect(frAnswers).toEqual(expect.arrayContaining(['applicant:prior-refusal:no', 'spouse-or-partner:prior-refusal:yes', 'applicant:military:yes', 'applicant:previous-marriage:yes']));
    expect(frAnswers).not.toContain('applicant:prior-refusal:yes');
    expectQuotesVerbatim(fr.facts, fr.text);
  });

  it('reads « [ ] Oui [X] Non » after each IMM 5669 sub-question on its line', () => {
    const { facts, text } = read('fr/v11-annexe-a-imm5669-cases-meme-ligne', 'annexe-a.txt');
    expect(answers(facts)).toEqual(['applicant:criminality:no', 'applicant:military:no', 'applicant:prior-refusal:no', 'applicant:prior-refusal:yes']);
    expectQuotesVerbatim(facts, text);
  });
});

describe('whose answers a form holds', () => {
  const readText = (name: string, text: string) =>
    readCaseFacts([{ docId: 'd1', name, format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 }]);

  it('reads a Schedule A filled in for the spouse as the spouse’s answers, and one for the principal applicant as the applicant’s', () => {
    const spouse = readText(
      'imm5669.txt',
      'SCHEDULE A — BACKGROUND / DECLARATION (IMM 5669)\n1. I am the:  ☐ Principal applicant   ☒ Spouse, common-law partner or dependent child 18 years or older\n6. Have you ever been refused a visa or permit, denied entry or ordered to leave Canada or any other country?   ☐ Yes  ☒ No\n',
    );
    expect(answers(spouse)).toEqual(['spouse-or-partner:prior-refusal:no']);
    const applicant = readText('imm5669f.txt', 'ANNEXE A (IMM 5669 F)\nVous êtes : ☒ le demandeur principal   ☐ l’époux ou le conjoint de fait\nVous a-t-on déjà refusé un visa ? Oui\n');
    expect(answers(applicant)).toEqual(['applicant:prior-refusal:yes']);
  });

  it('reads “Has your spouse ever been refused a visa?” as the spouse’s answer, and a label’s bracketed person as theirs', () => {
    expect(answers(readText('q.txt', 'Background (IMM 0008)\nHas your spouse ever been refused a visa?   No\n'))).toEqual(['spouse-or-partner:prior-refusal:no']);
    expect(answers(readText('q.txt', 'Questionnaire\nRefus de visa antérieur (vous) : Non\nRefus de visa antérieur (époux) : Oui\n'))).toEqual(['applicant:prior-refusal:no', 'spouse-or-partner:prior-refusal:yes']);
  });
});

describe('the choice a form line marks', () => {
  const readText = (text: string) =>
    readCaseFacts([{ docId: 'd1', name: 'annexe.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 }]);
  const refusalAnswer = (line: string) =>
    readText(`Annexe 1\nVous a-t-on déjà refusé un visa ou un permis ?${line}\n`).declarations.filter((d) => d.topic === 'prior-refusal').map((d) => d.answer);

  it.each([
    ['   Oui : ☐   Non : ☒', 'no'],
    ['\u00a0Oui\u00a0☒\u00a0Non\u00a0☐', 'yes'],
    ['   Oui  X   Non', 'yes'],
    ['   Oui     Non  X', 'no'],
    ['\n   Yes    X No', 'no'],
    ['  Yes  No ✔', 'no'],
    ['  [ X ] Oui  [  ] Non', 'yes'],
    [' — NON', 'no'],
  ])('reads %j as %s, not the first word printed', (line, answer) => {
    expect(refusalAnswer(line)).toEqual([answer]);
  });

  it('reads no answer where both choices are printed and none is marked', () => {
    expect(refusalAnswer('   Oui     Non')).toEqual([]);
  });
});

describe('provisions as decisions write them', () => {
  it.each([
    ['R. 216(1)(b)', ['IRPR 216(1)(b)']],
    ['A. 40(1)(a)', ['IRPA 40(1)(a)']],
    ['Regulation 179(b)', ['IRPR 179(b)']],
    ['paragraphs 179(b) and 216(1)(b) of the Regulations', ['IRPR 179(b)', 'IRPR 216(1)(b)']],
    ['sous-alinéa 200(1)c)(iii) du RIPR', ['IRPR 200(1)(c)(iii)']],
    ['IRPR R216(1)(b)', ['IRPR 216(1)(b)']],
  ])('reads %s', (written, ids) => {
    expect(provisionsIn(written)).toEqual(ids);
  });

  it('reads no Canadian provision in another country’s regulation or in an age', () => {
    expect(provisionsIn('Regulation (EC) No 810/2009, regulation 810/2009')).toEqual([]);
    expect(provisionsIn('A 40-year-old applicant')).toEqual([]);
  });
});
