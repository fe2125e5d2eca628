/**
 * The permanent-residence rubric's work-experience factor rates how the file documents the work an
 * economic class counts: employers' letters with dates, hours and NOC code; letters without them;
 * the applicant's own words only. Documents written for these specs.
 */
import { workExperienceRecord } from '../../../lambdas/agents/strategist/signals/economic/workExperienceRecord';
import { typedFile } from './strategistFixtures';

const APPLICATION = { name: 'profile-notes.txt', type: 'express-entry-profile' as const, text: 'Express Entry profile summary\nProgram: Canadian Experience Class\nProfile number: E004411223' };

describe('documented work experience (permanent residence)', () => {
  it('is strong when an employer\'s letter dates the job with its hours and NOC code, quoting the letter', () => {
    const letter = { name: 'reference.txt', type: 'employment-letter' as const, text: 'Tidewater Foods Ltd., 12 Water Street, Saint John, New Brunswick\n\nMr. J. Abara has been employed as a Food Service Supervisor (NOC 62020) since 4 April 2023, 40 hours per week.' };
    const signal = workExperienceRecord(typedFile('permanent-residence', [APPLICATION, letter]));
    expect(signal.rating).toBe('strong');
    expect(signal.evidence[0]).toMatchObject({ docId: 'reference.txt' });
  });

  it('is adequate when the letter leaves out the hours and the occupation code', () => {
    const letter = { name: 'reference.txt', type: 'employment-letter' as const, text: 'Tidewater Foods Ltd., Saint John, New Brunswick\n\nMr. J. Abara has worked for us as a supervisor since 4 April 2023.' };
    expect(workExperienceRecord(typedFile('permanent-residence', [APPLICATION, letter])).rating).toBe('adequate');
  });

  it('has no evidence when the file dates no work at all', () => {
    expect(workExperienceRecord(typedFile('permanent-residence', [APPLICATION])).rating).toBe('no-evidence');
  });
});
