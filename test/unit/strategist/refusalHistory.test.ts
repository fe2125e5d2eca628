/**
 * Refusals are counted by decision, not by document: a refusal letter and the GCMS notes of the same
 * decision are one refusal, and in a file that answers a refusal that decision is the one under
 * analysis, not a previous refusal the forms had to disclose. Texts written for these tests, read by
 * the real intake.
 */
import { refusalsInFile, refusalUnderAnalysis } from '../../../lambdas/agents/strategist/signals/common/refusalHistory';
import { priorRefusals } from '../../../lambdas/agents/strategist/signals/common/priorRefusals';
import type { CaseFile } from '../../../lambdas/agents/strategist/text/caseFile';
import { caseFileOf } from './strategistFixtures';

const LETTER_2026 = {
  name: 'refusal-letter-2026.txt',
  text: `Immigration, Refugees and Citizenship Canada
Date: 2026-05-12
Dear applicant,
Your application for a temporary resident visa has been refused.
I am not satisfied that you will leave Canada at the end of your stay, as required by paragraph 179(b) of the Immigration and Refugee Protection Regulations.
Visa Officer`,
};

const NOTES_2026 = {
  name: 'gcms-notes.txt',
  text: `GCMS NOTES - Global Case Management System
Application number: V300555444
Created date: 2026-04-02
Application received for a temporary resident visa. PA is a 41 year old engineer.
2026-05-11: I am not satisfied the PA will leave Canada at the end of the authorized stay. Ties to the country of residence are limited.
Decision: Refused`,
};

const LETTER_2024 = {
  name: 'old-refusal-2024.txt',
  text: `Immigration, Refugees and Citizenship Canada
Date: 2024-02-20
Dear applicant,
Your application for a temporary resident visa has been refused.
I am not satisfied that you will leave Canada at the end of your stay, as required by paragraph 179(b) of the Immigration and Refugee Protection Regulations.
Visa Officer`,
};

/** The audit's day, after every decision in these files. */
const ASSESSED = new Date('2026-06-01T12:00:00Z');

const asRefusalFile = (file: CaseFile, answers: boolean): CaseFile => ({ ...file, ...(answers ? { respondsToRefusal: true } : {}) });

describe('refusal history', () => {
  it('counts a refusal letter and the GCMS notes of the same decision as one refusal', async () => {
    const file = asRefusalFile(await caseFileOf([LETTER_2026, NOTES_2026], ASSESSED), false);
    const refusals = refusalsInFile(file);
    expect(refusals).toHaveLength(1);
    expect(refusals[0].date?.iso).toBe('2026-05-12');
  });

  it('keeps two decisions made on different days as two refusals', async () => {
    const file = asRefusalFile(await caseFileOf([LETTER_2024, LETTER_2026], ASSESSED), false);
    expect(refusalsInFile(file).map((r) => r.date?.iso).sort()).toEqual(['2024-02-20', '2026-05-12']);
  });

  it('in a file that answers a refusal, marks the latest decision as under analysis and finds no previous refusal', async () => {
    const file = asRefusalFile(await caseFileOf([LETTER_2026, NOTES_2026], ASSESSED), true);
    const refusals = refusalsInFile(file);
    expect(refusals).toHaveLength(1);
    expect(refusalUnderAnalysis(file, refusals)).toBe(refusals[0]);
    const signal = priorRefusals(file);
    expect(signal.finding).not.toMatch(/^\d+ previous refusals? in the file/);
    expect(signal.rating).not.toBe('adverse');
  });

  it('in a file that answers a refusal, still counts an earlier decision as one previous refusal', async () => {
    const file = asRefusalFile(await caseFileOf([LETTER_2024, LETTER_2026, NOTES_2026], ASSESSED), true);
    const refusals = refusalsInFile(file);
    const challenged = refusalUnderAnalysis(file, refusals);
    expect(challenged?.date?.iso).toBe('2026-05-12');
    expect(refusals.filter((r) => r !== challenged).map((r) => r.date?.iso)).toEqual(['2024-02-20']);
    expect(priorRefusals(file).finding).toMatch(/^1 previous refusal in the file/);
  });
});
