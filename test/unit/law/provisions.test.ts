import { analyseCase } from '../../../lambdas/law/analyseCase';
import { LegalAnalysis } from '../../../lambdas/contracts/legalAnalysis';
import { caseOf, declaration, event, officer, party, type CaseSpec } from './caseBuilder';

const findings = (spec: CaseSpec) => LegalAnalysis.parse(analyseCase(caseOf(spec))).findings;
const byProvision = (spec: CaseSpec, provision: string) => findings(spec).filter((f) => f.provision === provision);

describe('IRPR 117(9)(b): the undertaking for a previous spouse runs three years from their landing (IRPR 132(1)(b)(i))', () => {
  const previousSpouse = (applied: string, landed: string | undefined = '2022-05-10') => ({
    timeline: [event('previous-sponsorship', 'sponsor', '2020-09-01'), event('sponsored-person-landed', 'previous-spouse', landed), event('application', 'sponsor', applied)],
  });

  it('is engaged and decisive for an application dated the day before the undertaking ends, with the dates in its reasoning', () => {
    const [f] = byProvision(previousSpouse('2025-05-09'), 'IRPR 117(9)(b)');
    expect(f).toMatchObject({ status: 'engaged', decisive: true, severity: 'critical' });
    expect(f.reasoning).toContain('2022-05-10');
    expect(f.reasoning).toContain('2025-05-10');
    expect(f.reasoning).toContain('2025-05-09');
    expect(f.facts.length).toBeGreaterThan(0);
  });

  it('is engaged on the undertaking\'s last day', () => {
    expect(byProvision(previousSpouse('2025-05-10'), 'IRPR 117(9)(b)')[0]).toMatchObject({ status: 'engaged' });
  });

  it('produces nothing the day after the undertaking ends', () => {
    expect(byProvision(previousSpouse('2025-05-11'), 'IRPR 117(9)(b)')).toEqual([]);
  });

  it('asks for the landing day when the file shows the earlier sponsorship but not when that spouse became a permanent resident', () => {
    const [f] = byProvision({ timeline: [event('previous-sponsorship', 'sponsor', '2020-09-01'), event('application', 'sponsor', '2025-01-10')] }, 'IRPR 117(9)(b)');
    expect(f).toMatchObject({ status: 'check', decisive: false });
    expect(f.check).toMatch(/permanent resident/);
  });

  it('is a check, not a bar, when the landing is known only to the month and the application falls in that month three years on', () => {
    const [f] = byProvision(previousSpouse('2025-05-15', '2022-05'), 'IRPR 117(9)(b)');
    expect(f).toMatchObject({ status: 'check', decisive: false });
  });

  it('does not apply to a work permit', () => {
    expect(byProvision({ ...previousSpouse('2025-05-09'), kind: 'work-permit' }, 'IRPR 117(9)(b)')).toEqual([]);
  });
});

describe('IRPR 130(3): a sponsor who was sponsored as a spouse waits five years', () => {
  const landed = (applied: string) => ({ timeline: [event('landed-as-sponsored-partner', 'sponsor', '2021-03-15'), event('application', 'sponsor', applied)] });

  it('is engaged for a sponsorship filed the day before the fifth anniversary', () => {
    const [f] = byProvision(landed('2026-03-14'), 'IRPR 130(3)');
    expect(f).toMatchObject({ status: 'engaged', decisive: true });
    expect(f.reasoning).toContain('2026-03-15');
  });

  it('produces nothing on the fifth anniversary or after', () => {
    expect(byProvision(landed('2026-03-15'), 'IRPR 130(3)')).toEqual([]);
    expect(byProvision(landed('2026-03-16'), 'IRPR 130(3)')).toEqual([]);
  });

  it('never applies to a Canadian-born sponsor, even one who sponsored a previous spouse', () => {
    const spec = {
      parties: [party('sponsor', 'A. Sponsor', 'Place of birth: Winnipeg, Canada')],
      timeline: [event('previous-sponsorship', 'sponsor', '2019-02-01'), event('sponsored-person-landed', 'previous-spouse', '2020-06-01'), event('application', 'sponsor', '2022-01-10')],
      declarations: [declaration('previous-sponsorship', 'sponsor', 'yes')],
    };
    const all = findings(spec);
    expect(all.map((f) => f.provision)).toContain('IRPR 117(9)(b)');
    expect(all.map((f) => f.provision)).not.toContain('IRPR 130(3)');
    expect(all.map((f) => f.provision)).not.toContain('IRPR 133');
  });
});

describe('IRPR 117(9)(c)(i): a spouse married to another person at the time of the marriage', () => {
  const marriage = (divorced: string) => ({ timeline: [event('divorce', 'sponsor', divorced), event('marriage', 'sponsor', '2024-06-01')] });

  it('is engaged when the earlier marriage ended the day after this one', () => {
    expect(byProvision(marriage('2024-06-02'), 'IRPR 117(9)(c)(i)')[0]).toMatchObject({ status: 'engaged', decisive: true });
  });

  it('is a check when the divorce is dated the day of the marriage', () => {
    expect(byProvision(marriage('2024-06-01'), 'IRPR 117(9)(c)(i)')[0]).toMatchObject({ status: 'check' });
  });

  it('produces nothing when the earlier marriage ended the day before', () => {
    expect(byProvision(marriage('2024-05-31'), 'IRPR 117(9)(c)(i)')).toEqual([]);
  });

  it("takes a certificate's undated 'divorced' for the dated divorce that ended before the marriage, and still asks when no dated one did", () => {
    const restated = { timeline: [event('divorce', 'sponsor', '2020-01-11'), event('divorce', 'sponsor'), event('marriage', 'sponsor', '2025-08-28')] };
    expect(byProvision(restated, 'IRPR 117(9)(c)(i)')).toEqual([]);
    const declaredElsewhere = { evidence: { docId: 'family-form.txt', page: 1, quote: 'Marital history: divorced' } };
    const onlyUndated = { timeline: [event('divorce', 'sponsor', undefined, declaredElsewhere), event('marriage', 'sponsor', '2025-08-28')] };
    expect(byProvision(onlyUndated, 'IRPR 117(9)(c)(i)')[0]).toMatchObject({ status: 'check' });
    const statusOnTheCertificate = { timeline: [event('divorce', 'applicant', undefined, { evidence: { docId: 'marriage-certificate.txt', page: 1, quote: 'Groom: A. B., divorced.' } }), event('marriage', 'sponsor', '2025-08-28', { evidence: { docId: 'marriage-certificate.txt', page: 1, quote: 'Date of marriage: 28 August 2025' } })] };
    expect(byProvision(statusOnTheCertificate, 'IRPR 117(9)(c)(i)')).toEqual([]);
    const applicantUndated = { timeline: [event('divorce', 'sponsor', '2020-01-11'), event('divorce', 'applicant', undefined, declaredElsewhere), event('marriage', 'sponsor', '2025-08-28')] };
    expect(byProvision(applicantUndated, 'IRPR 117(9)(c)(i)')[0]).toMatchObject({ status: 'check' });
  });

  it('asks when an earlier marriage ended when one is declared and no divorce is in the file', () => {
    const [f] = byProvision({ timeline: [event('marriage', 'applicant', '2024-06-01')], declarations: [declaration('previous-marriage', 'applicant', 'yes')] }, 'IRPR 117(9)(c)(i)');
    expect(f).toMatchObject({ status: 'check', decisive: false });
  });
});

describe('IRPR 4(1) bad faith and IRPR 1(1)', () => {
  it('a married couple with a marriage certificate gets neither', () => {
    const all = findings({ timeline: [event('first-meeting', 'applicant', '2021-01-10'), event('marriage', 'sponsor', '2023-08-19')], documents: [{ docId: 'm', type: 'marriage-certificate' }] });
    expect(all.map((f) => f.provision)).not.toContain('IRPR 4(1)');
    expect(all.map((f) => f.provision)).not.toContain('IRPR 1(1)');
  });

  it('is engaged on the file\'s own admission that the relationship was entered into for status', () => {
    const [f] = byProvision({ declarations: [declaration('relationship-for-status', 'applicant', 'yes')] }, 'IRPR 4(1)');
    expect(f).toMatchObject({ status: 'engaged', decisive: true });
  });

  it('a "no" to that question engages nothing', () => {
    expect(byProvision({ declarations: [declaration('relationship-for-status', 'applicant', 'no')] }, 'IRPR 4(1)')).toEqual([]);
  });
});

describe('IRPA 40(2)(a) and 40(3): five years after a misrepresentation finding', () => {
  const earlier = (applied: string, kind: CaseSpec['kind'] = 'spousal-sponsorship') => ({
    kind,
    timeline: [event('refusal', 'applicant', '2021-09-20', { country: 'Canada', detail: 'IRPA 40(1)(a)' }), event('application', 'applicant', applied)],
  });

  it('bars an application filed on the last day of the five years, and a PR application under 40(3)', () => {
    const all = findings(earlier('2026-09-20'));
    expect(all.find((f) => f.provision === 'IRPA 40(2)(a)')).toMatchObject({ status: 'engaged', decisive: true });
    expect(all.find((f) => f.provision === 'IRPA 40(3)')).toMatchObject({ status: 'engaged', decisive: true });
  });

  it('produces nothing the day after the five years end', () => {
    expect(findings(earlier('2026-09-21')).filter((f) => f.provision.startsWith('IRPA 40'))).toEqual([]);
  });

  it('does not apply 40(3) to a temporary application', () => {
    const all = findings(earlier('2026-09-19', 'visitor-visa'));
    expect(all.map((f) => f.provision)).toContain('IRPA 40(2)(a)');
    expect(all.map((f) => f.provision)).not.toContain('IRPA 40(3)');
  });

  it('ignores another country\'s misrepresentation finding', () => {
    const spec = { timeline: [event('refusal', 'applicant', '2024-01-10', { country: 'United States', detail: 'misrepresentation' }), event('application', 'applicant', '2025-01-10')] };
    expect(findings(spec).filter((f) => f.provision.startsWith('IRPA 40'))).toEqual([]);
  });

  it('never turns the refusal under challenge into a decisive bar against the person challenging it', () => {
    const spec: CaseSpec = { isRefusal: true, kind: 'visitor-visa', officerFindings: [officer('ground', 'IRPA 40(1)(a)')], timeline: [event('refusal', 'applicant', '2026-11-20')] };
    const all = findings(spec);
    expect(all.filter((f) => f.decisive)).toEqual([]);
    expect(all.find((f) => f.provision === 'IRPA 40(1)(a)')).toMatchObject({ decisive: false });
    const period = analyseCase(caseOf(spec)).deadlines.find((d) => d.id === 'misrepresentation-period');
    expect(period).toMatchObject({ status: 'running', due: '2031-11-20' });
    expect(period?.check).toMatch(/only if/);
  });
});

describe('IRPR 216(3): study in Quebec needs a CAQ', () => {
  it('asks for the CAQ when the school is in Quebec and the file holds none', () => {
    const [f] = byProvision({ kind: 'study-permit', parties: [party('school', 'Collège Exemple', 'Collège Exemple, Sherbrooke (Québec)')] }, 'IRPR 216(3)');
    expect(f).toMatchObject({ status: 'check' });
    expect(f.check).toMatch(/CAQ/);
  });

  it('produces nothing once a CAQ issued is in the timeline', () => {
    expect(byProvision({ kind: 'study-permit', subKinds: ['quebec-caq'], timeline: [event('caq-issued', 'applicant', '2026-05-02')] }, 'IRPR 216(3)')).toEqual([]);
  });

  it('produces nothing for a school outside Quebec', () => {
    expect(byProvision({ kind: 'study-permit', parties: [party('school', 'Prairie College', 'Prairie College, Regina, Saskatchewan')] }, 'IRPR 216(3)')).toEqual([]);
  });
});

describe('IRPR 203(1): an LMIA-based work permit', () => {
  it('is engaged when the file holds no LMIA and names no exemption', () => {
    expect(byProvision({ kind: 'work-permit', subKinds: ['lmia'] }, 'IRPR 203(1)')[0]).toMatchObject({ status: 'engaged', decisive: true });
  });

  it('produces nothing with the LMIA in the file, or with an exemption relied on', () => {
    expect(byProvision({ kind: 'work-permit', subKinds: ['lmia'], documents: [{ docId: 'l', type: 'lmia' }] }, 'IRPR 203(1)')).toEqual([]);
    expect(byProvision({ kind: 'work-permit', subKinds: ['lmia-exempt:intra-company-transferee'] }, 'IRPR 203(1)')).toEqual([]);
  });
});

describe("the sponsor's own landing is not a previous spouse's", () => {
  it('gives IRPR 130(3), not IRPR 117(9)(b), when the one sentence was read as both', () => {
    const sentence = { docId: 'decl', quote: 'I was sponsored by my first wife and became a permanent resident on 12 April 2021.' };
    const all = findings({
      timeline: [event('sponsored-person-landed', 'previous-spouse', '2021-04-12', { evidence: sentence }), event('landed-as-sponsored-partner', 'sponsor', '2021-04-12', { evidence: sentence }), event('application', 'sponsor', '2025-10-01')],
    });
    expect(all.map((f) => f.provision)).toEqual(['IRPR 130(3)']);
  });
});

describe('IRPR 216(3) and the CAQ decision', () => {
  it("produces nothing when Quebec's decision granting the CAQ is in the timeline", () => {
    const decision = event('decision', 'applicant', '2026-05-16', { detail: 'CAQ', evidence: { docId: 'caq', quote: 'DÉCISION - CERTIFICAT D’ACCEPTATION DU QUÉBEC POUR ÉTUDES' } });
    expect(byProvision({ kind: 'study-permit', subKinds: ['quebec-caq'], timeline: [decision] }, 'IRPR 216(3)')).toEqual([]);
  });
});
