/**
 * Previous refusals are counted once per decision: a refusal letter and the GCMS notes of the same
 * decision are one refusal. In a refusal analysis the decision under challenge is no "previous"
 * refusal the forms had to disclose.
 */
import { priorRefusals } from '../../../lambdas/agents/strategist/signals/common/priorRefusals';
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { CaseFile } from '../../../lambdas/agents/strategist/text/caseFile';
import { typedFile } from './strategistFixtures';

const LETTER = {
  name: 'refusal-letter.txt',
  type: 'refusal-letter' as const,
  text: 'Immigration, Refugees and Citizenship Canada\nFile: V300112233                              12 November 2026\n\nI have reviewed your application for a temporary resident visa. I am not satisfied that you will leave Canada at the end of your stay, as required by paragraph 179(b) of the Regulations. Your application is refused.\n',
};
const NOTES = {
  name: 'gcms-notes.txt',
  type: 'gcms-notes' as const,
  text: 'GCMS notes - Temporary resident visa\n2026-11-02 Application received.\n2026-11-12 Ties to home country weak. Not satisfied PA will leave Canada at the end of the stay, R179(b). Refused.\n',
};

function file(respondsToRefusal: boolean): CaseFile {
  const f = typedFile('visitor-visa', [LETTER, NOTES]);
  return { ...f, assessedOn: new Date('2026-11-20T12:00:00Z'), facts: readCaseFacts(f.documents.map((d) => d.extracted)), ...(respondsToRefusal ? { respondsToRefusal } : {}) };
}

describe('previous refusals, once per decision', () => {
  it('counts the letter and the notes of one decision as one refusal', () => {
    expect(priorRefusals(file(false)).finding).toMatch(/^1 previous refusal in the file/);
  });

  it('does not count the decision a refusal analysis challenges as a previous refusal', () => {
    expect(priorRefusals(file(true)).rating).toBe('no-evidence');
  });
});
