/**
 * Earlier sponsorships are rated from the case-fact model: the sponsor's answers, the former spouse's
 * landing that dates the end of the undertaking, and the sponsor's own landing as a sponsored spouse.
 * Each spec hands the finder exactly the facts a reader would take from the documents it writes.
 */
import { previousSponsorship } from '../../../lambdas/agents/strategist/signals/spousal/previousSponsorship';
import { day, declaration, event, fileWithFacts } from './handBuiltFacts';

const ASKED = 'Avez-vous déjà parrainé un époux ou conjoint ? Oui - Nadia Amrani';
const LANDED = 'Nadia Amrani, devenue résidente permanente le 14 juin 2024.';
const APPLIED = 'Date de la demande : 2026-02-16';
const FORM = { name: 'imm1344.txt', type: 'imm-1344' as const, text: `${ASKED}\n${LANDED}\n${APPLIED}` };

const yes = declaration('imm1344.txt', ASKED, { topic: 'previous-sponsorship', person: 'sponsor', answer: 'yes' });
const applied = event('imm1344.txt', APPLIED, { kind: 'application', person: 'sponsor', date: day('2026-02-16') });
const landing = (iso: string) => event('imm1344.txt', LANDED, { kind: 'sponsored-person-landed', person: 'previous-spouse', date: day(iso) });

describe('previous sponsorship, from the model', () => {
  it('a Yes while the former spouse landed under three years before this sponsorship is adverse, quoting both', () => {
    const signal = previousSponsorship(fileWithFacts('spousal-sponsorship', [FORM], { declarations: [yes], timeline: [applied, landing('2024-06-14')] }));
    expect(signal.rating).toBe('adverse');
    expect(signal.finding).toBe(
      'The sponsor answers Yes to a question on earlier spousal sponsorships or undertakings, which can bar this sponsorship: the person sponsored became a permanent resident on 2024-06-14, so the three-year undertaking was still running when this one was made.',
    );
    expect(signal.evidence.map((e) => e.quote)).toEqual([ASKED, LANDED]);
  });

  it('the same Yes once the three years have ended is a disclosure, not a bar', () => {
    const signal = previousSponsorship(fileWithFacts('spousal-sponsorship', [FORM], { declarations: [yes], timeline: [applied, landing('2019-05-14')] }));
    expect(signal.rating).toBe('adequate');
    expect(signal.finding).toContain('its three-year undertaking ended before this sponsorship');
  });

  it('the applicant’s own landing does not date a former spouse’s undertaking', () => {
    const own = event('imm1344.txt', LANDED, { kind: 'sponsored-person-landed', person: 'applicant', date: day('2019-05-14') });
    expect(previousSponsorship(fileWithFacts('spousal-sponsorship', [FORM], { declarations: [yes], timeline: [applied, own] })).rating).toBe('adverse');
  });

  it('the sponsor’s own landing as a sponsored spouse is measured against five years', () => {
    const said = 'Sponsored as a spouse by Ryan Mitchell; permanent resident since 12 September 2022.';
    const form = { name: 'imm1344.txt', type: 'imm-1344' as const, text: `${said}\n${APPLIED}` };
    const own = (iso: string) => event('imm1344.txt', said, { kind: 'landed-as-sponsored-partner', person: 'sponsor', date: day(iso) });
    const recent = previousSponsorship(fileWithFacts('spousal-sponsorship', [form], { timeline: [applied, own('2022-09-12')] }));
    expect(recent).toMatchObject({ rating: 'adverse', finding: expect.stringContaining('41 months before this sponsorship'), evidence: [{ quote: said }] });
    expect(previousSponsorship(fileWithFacts('spousal-sponsorship', [form], { timeline: [applied, own('2019-09-12')] })).rating).toBe('adequate');
  });

  it('the officer’s notes restating an earlier sponsorship are not the sponsor’s answer', () => {
    const noted = 'Vérification du répondant : engagement antérieur à l’égard de Mme Nadia Amrani, épouse.';
    const notes = { name: 'notes.txt', type: 'gcms-notes' as const, text: noted };
    const officer = event('notes.txt', noted, { kind: 'previous-sponsorship', person: 'sponsor', date: day('2024-06-14') });
    expect(previousSponsorship(fileWithFacts('spousal-sponsorship', [notes], { timeline: [officer] })).rating).toBe('no-evidence');
  });

  it('the model’s No on the undertaking beside the form’s No on being sponsored is strong', () => {
    const q11 = '11. Were you yourself sponsored as a spouse or partner and became a permanent resident less than five years ago? No';
    const q12 = '12. Have you previously sponsored a spouse or partner and the undertaking has not yet ended? No';
    const form = { name: 'imm1344.txt', type: 'imm-1344' as const, text: `${q11}\n${q12}` };
    const no = declaration('imm1344.txt', q12, { topic: 'previous-sponsorship', person: 'sponsor', answer: 'no' });
    const signal = previousSponsorship(fileWithFacts('spousal-sponsorship', [form], { declarations: [no] }));
    expect(signal.rating).toBe('strong');
    expect(signal.evidence.map((e) => e.quote)).toEqual([q11.slice(4), q12]);
  });
});
