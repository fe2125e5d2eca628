/**
 * The small readers of answer layouts: choices stacked one a line under a question (stackedChoices),
 * questions answered further on by their numbers (numberedAnswers), the person of a form's part
 * (sectionPerson), and tick-box lines read one by one in a decision (boxedLines).
 */
import { boxedLines } from '../../../lambdas/agents/intake/reading/boxedLines';
import { numberedAnswers } from '../../../lambdas/agents/intake/reading/numberedAnswers';
import { partsOf, personAt } from '../../../lambdas/agents/intake/reading/sectionPerson';
import { stackedAnswers } from '../../../lambdas/agents/intake/reading/stackedChoices';
import { segmentsOf } from '../../../lambdas/agents/intake/reading/segments';

const brief = (a: { topic: string; answer: string }) => `${a.topic}:${a.answer}`;

describe('choices stacked one a line under their question', () => {
  it('reads the word whose box is ticked, boxes before their words', () => {
    expect(stackedAnswers('b) Have you ever been refused a visa?\n☐\nYes\n☒\nNo\n').map(brief)).toEqual(['prior-refusal:no']);
  });

  it('reads the word whose box is ticked, boxes after their words', () => {
    expect(stackedAnswers('Vous a-t-on déjà refusé un visa ?\nNon\n☐\nOui\n☒\nPrécisions : Espagne, 2022\n').map((a) => [brief(a), a.details])).toEqual([['prior-refusal:yes', 'Espagne, 2022']]);
  });

  it('reads the choices that open a page as the answer to the question the page before ends with', () => {
    const answers = stackedAnswers('☐\nYes\n☒\nNo\n4. a) Next question', '3. a) Have you ever been charged with or convicted of any criminal offence?');
    expect(answers.map(brief)).toEqual(['criminality:no']);
    expect(answers[0].start).toBe(0);
  });

  it('reads nothing when no box is ticked, or when the lines below are prose', () => {
    expect(stackedAnswers('Have you ever been refused a visa?\n☐\nYes\n☐\nNo\n')).toEqual([]);
    expect(stackedAnswers('Have you ever been refused a visa?\nNo, but my brother was.\nYes\n')).toEqual([]);
  });

  it('leaves one line of choices to the line readers', () => {
    expect(stackedAnswers('Have you ever been refused a visa?\n☐ Yes ☒ No\n')).toEqual([]);
  });
});

describe('questions answered further on by their numbers', () => {
  const questions = '6. BACKGROUND\n(a) been convicted of a crime or offence in Canada?\n(d) been refused a visitor visa to Canada or any other country?\n';

  it('answers each question by its section and letter, on a later page', () => {
    const answers = numberedAnswers([questions, 'Answers\n6(a): No\n6(d): Yes (see attached)\n']);
    expect(answers.map((a) => [brief(a), a.pageIndex, a.details])).toEqual([
      ['criminality:no', 1, undefined],
      ['prior-refusal:yes', 1, 'see attached'],
    ]);
  });

  it('reads one-letter answers on one line by their letters (Y, N, O)', () => {
    expect(numberedAnswers([`${questions}Réponses (O = oui, N = non)\na) N   d) O\n`]).map(brief)).toEqual(['criminality:no', 'prior-refusal:yes']);
  });

  it('reads no answer before its question, and no list line "1. No …"', () => {
    expect(numberedAnswers(['(a) N\n(a) been convicted of an offence?\n'])).toEqual([]);
    expect(numberedAnswers(['1. Have you ever been refused a visa?\nNotes\n1. No record was found.\n'])).toEqual([]);
  });

  it('reads nothing when a letter names questions of two sections', () => {
    const two = '1. FIRST\n(a) been convicted of an offence?\n2. SECOND\n(a) been refused a visa?\nAnswers: (a) No\n';
    expect(numberedAnswers([two])).toEqual([]);
  });
});

describe('the person of a form’s part', () => {
  const form = 'PART A — TO BE COMPLETED BY THE SPONSOR\nQ?\nPARTIE B — À REMPLIR PAR LE DEMANDEUR PRINCIPAL\nQ?\nPART C — DECLARATION\nQ?\n';
  const parts = partsOf(form);

  it('gives each part the person its heading names, and a part naming nobody to no one', () => {
    expect(parts.map((p) => p.person)).toEqual(['sponsor', 'applicant', undefined]);
    expect(personAt(parts, form.indexOf('Q?'), undefined)).toBe('sponsor');
    expect(personAt(parts, form.indexOf('PARTIE B') + 50, undefined)).toBe('applicant');
    expect(personAt(parts, form.indexOf('PART C') + 25, undefined)).toBeUndefined();
  });

  it('carries the person of the page before until a part begins', () => {
    expect(personAt([], 10, 'sponsor')).toBe('sponsor');
  });

  it('does not take a lone role word for a part (a field or column heading)', () => {
    expect(partsOf('SPONSOR\nFamily name: X\nApplicant\n')).toEqual([]);
  });
});

describe('tick-box lines of a decision, one by one', () => {
  it('cuts a sentence run into its box lines at each box', () => {
    const text = 'I considered the following factors:\n☒ travel history\n☐ family ties\n[X] purpose of visit';
    const segment = { start: 0, end: text.length, text };
    expect(boxedLines(segment).map((s) => s.text)).toEqual(['I considered the following factors:', '☒ travel history', '☐ family ties', '[X] purpose of visit']);
    for (const s of boxedLines(segment)) expect(text.slice(s.start, s.end)).toBe(s.text);
  });

  it('returns a segment without box lines whole', () => {
    const [segment] = segmentsOf('I am not satisfied that you will leave Canada.');
    expect(boxedLines(segment)).toEqual([segment]);
  });
});
