import { settleSignal } from '../../../lambdas/agents/strategist/scoring/scoreFactors';
import { FINDERS } from '../../../lambdas/agents/strategist/signals/finderRegistry';
import { typedFile } from './strategistFixtures';

const fact = (docId: string, value: string, quote = value) => ({ value, evidence: { docId, page: 1, quote } });

describe('strategist signal finders: spousal', () => {
  const names = { applicantName: fact('form.txt', 'Amélie TREMBLAY'), sponsorName: fact('form.txt', 'BOUCHARD, Étienne') };

  it('counts dated transfers written in French figures, with or without a statement column', () => {
    const lines = ['05/01/2024', '05/02/2024', '05/03/2024', '05/04/2024', '05/05/2024', '05/06/2024'].map((d, i) => `${d}  Envoi vers le Sénégal  ${200 + i * 10},00 €`);
    const file = typedFile('spousal-sponsorship', [{ name: 'virements.txt', type: 'other', text: `HISTORIQUE DES VIREMENTS (WorldRemit)\n${lines.join('\n')}` }], names);
    expect(FINDERS['joint-finances'](file)).toMatchObject({ rating: 'adequate', finding: expect.stringContaining('6 dated transfer(s)') });
  });

  it('reads cohabitation in French and rates a lease in both names strong', () => {
    const file = typedFile('spousal-sponsorship', [
      { name: 'declaration.txt', type: 'other', text: 'Nous vivons ensemble depuis le 1er mars 2021 à Lyon.' },
      { name: 'bail.txt', type: 'other', text: 'BAIL DE LOGEMENT\nLocataires : Amélie TREMBLAY et Étienne BOUCHARD\nDébut du bail : 1er mars 2021' },
      { name: 'form.txt', type: 'imm-5532', text: 'IMM 5532\nSponsor: BOUCHARD, Étienne\nPrincipal applicant: TREMBLAY, Amélie' },
    ], names);
    const signal = FINDERS.cohabitation(file);
    expect(signal.rating).toBe('strong');
    expect(signal.evidence.map((e) => e.docId)).toEqual(['bail.txt', 'declaration.txt']);
  });

  it('rates "n’avons jamais vécu ensemble" weak, never adverse', () => {
    const file = typedFile('spousal-sponsorship', [{ name: 'declaration.txt', type: 'other', text: "Nous n'avons jamais vécu ensemble avant le mariage." }]);
    expect(FINDERS.cohabitation(file)).toMatchObject({ rating: 'weak', evidence: [{ quote: "Nous n'avons jamais vécu ensemble avant le mariage." }] });
  });

  it('rates a sponsor who became a permanent resident as a sponsored spouse under five years ago adverse', () => {
    const file = typedFile('spousal-sponsorship', [
      {
        name: 'imm1344.txt',
        type: 'imm-1344',
        text: 'IMM 1344\nI became a permanent resident on 2022-05-10 after being sponsored by my former wife.\nSignature of sponsor: Wei Zhang   Date: 2025-11-04',
      },
    ]);
    expect(FINDERS['previous-sponsorship'](file)).toMatchObject({ rating: 'adverse', finding: expect.stringContaining('41 months before this sponsorship') });
  });

  it('rates a Yes to an earlier undertaking still running adverse, quoting the answer', () => {
    const file = typedFile('spousal-sponsorship', [
      { name: 'imm1344.txt', type: 'imm-1344', text: '12. Have you previously sponsored a spouse or partner and the undertaking has not yet ended? Yes' },
    ]);
    expect(FINDERS['previous-sponsorship'](file)).toMatchObject({ rating: 'adverse', evidence: [{ quote: expect.stringMatching(/undertaking has not yet ended\? Yes$/) }] });
  });

  it('counts an earlier refusal on the bad-faith ground as a marriage-of-convenience signal', () => {
    const file = typedFile('spousal-sponsorship', [
      { name: 'refusal.txt', type: 'refusal-letter', text: 'Your application is refused: I find that the marriage is not genuine and was entered into primarily for the purpose of acquiring status, under subsection 4(1) of the IRPR.' },
    ]);
    expect(FINDERS['convenience-signals'](file)).toMatchObject({ rating: 'adverse', finding: expect.stringContaining('an earlier refusal on the bad-faith ground') });
  });
});

describe('strategist signal finders: history and candour', () => {
  const refusal = { name: 'refusal-2024.txt', type: 'refusal-letter' as const, text: 'Date: 2024-03-18\nI have reviewed your application for a temporary resident visa. I am refusing your application.' };

  it('does not read a declaration made before the refusal as a contradiction', () => {
    const file = typedFile('visitor-visa', [refusal, { name: 'old-form.txt', type: 'imm-5257', text: 'Have you ever been refused a visa? No\nDate: 2023-11-02' }]);
    // Not a misrepresentation risk: the only denial was made before the refusal.
    expect(FINDERS['prior-refusals'](file)).toMatchObject({ rating: 'weak', finding: expect.stringContaining('for the same kind of application') });
  });

  it('treats a Yes to "refused a visa, denied entry or ordered to leave" as a refusal, not an overstay', () => {
    const file = typedFile('visitor-visa', [
      { name: 'imm5257.txt', type: 'imm-5257', text: 'Have you ever been refused a visa or permit, denied entry or ordered to leave Canada or any other country? Yes' },
    ]);
    expect(FINDERS['travel-history'](file).rating).toBe('no-evidence');
    expect(FINDERS['prior-refusals'](file).rating).toBe('weak');
  });

  it('counts a listed trip dated by a single month, in English or French', () => {
    const file = typedFile('visitor-visa', [
      { name: 'travel.txt', type: 'other', text: 'PREVIOUS TRAVEL\nJune 2018 — France (tourism), returned on time\njuillet 2019 : Japon, congrès médical' },
    ]);
    expect(FINDERS['travel-history'](file)).toMatchObject({ rating: 'strong', finding: expect.stringContaining('2 earlier trip(s)') });
  });

  it('rates an overstay adverse', () => {
    const file = typedFile('visitor-visa', [{ name: 'imm5257.txt', type: 'imm-5257', text: 'Have you ever remained beyond the validity of your status in any country? Yes' }]);
    expect(FINDERS['travel-history'](file).rating).toBe('adverse');
  });
});

describe('strategist signal finders: funds and ties', () => {
  const statement = `DATE       DESCRIPTION                        DEBIT        CREDIT       BALANCE
01-AUG-25  BALANCE BROUGHT FORWARD                                      12,000.00
25-AUG-25  SALARY - NILE DELTA FOODS                        9,000.00     21,000.00
03-SEP-25  RENT                                 4,000.00                 17,000.00
25-SEP-25  SALARY - NILE DELTA FOODS                        9,000.00     26,000.00
02-OCT-25  PROCEEDS SALE OF LAND PLOT 14                  150,000.00    176,000.00
25-OCT-25  SALARY - NILE DELTA FOODS                        9,000.00    185,000.00
31-OCT-25  CLOSING BALANCE                                              185,000.00`;

  it('does not flag a large deposit whose narration names its source', () => {
    const file = typedFile('visitor-visa', [{ name: 'statement.txt', type: 'bank-statement', text: statement }]);
    expect(FINDERS['funds-provenance'](file)).toMatchObject({ rating: 'strong', finding: expect.stringContaining('carry their source') });
  });

  it('accepts another document that explains a cash deposit by its amount', () => {
    const cash = statement.replace('PROCEEDS SALE OF LAND PLOT 14', 'CASH DEPOSIT COUNTER         ');
    const file = typedFile('visitor-visa', [
      { name: 'statement.txt', type: 'bank-statement', text: cash },
      { name: 'deed.txt', type: 'other', text: 'The buyer paid EGP 150,000 in cash for the sale of plot 14 on 2 October 2025.' },
    ]);
    expect(FINDERS['funds-provenance'](file).rating).not.toBe('adverse');
  });

  it('does not hold a wish to immigrate one day against strong ties (dual intent)', () => {
    const file = typedFile('study-permit', [
      {
        name: 'plan.txt',
        type: 'study-plan',
        text: 'I have worked as a nurse in Cairo since 2019. My husband and children live in our apartment in Giza, which we own. I will return to my job at the hospital after the course. One day I may apply for permanent residence.',
      },
    ]);
    expect(FINDERS['home-ties'](file)).toMatchObject({ rating: 'adequate', finding: expect.stringContaining('Weighing against: a stated plan to settle in Canada') });
  });
});

describe('strategist signal finders: work permit', () => {
  const lmia = 'LMIA CONFIRMATION LETTER\nDecision: POSITIVE\nLMIA number: 0004411\nJob title: Cook\nNOC 2021: 63200\nWage: CAD 18.50 per hour\nA minimum of two (2) years of full-time experience as a cook is required.\nNamed worker: NAIDOO, Priya';
  const offer = (wage: string, number = '0004411') => `OFFER OF EMPLOYMENT\nThis offer is supported by LMIA number ${number}.\nPosition: Cook\nNOC 2021: 63200\nWage: CAD ${wage} per hour\nDuties: prepare meals.\nAccepted by: (signed) Priya Naidoo`;
  const people = { applicantName: fact('imm1295.txt', 'Priya NAIDOO'), jobTitle: fact('imm1295.txt', 'Cook') };

  it('rates an offer below the LMIA wage adverse, quoting both wages', () => {
    const file = typedFile('work-permit', [{ name: 'lmia.txt', type: 'lmia', text: lmia }, { name: 'offer.txt', type: 'job-offer', text: offer('17.00') }], people);
    const signal = FINDERS['wage-consistency'](file);
    expect(signal).toMatchObject({ rating: 'adverse', finding: 'The job offer pays 17.00 per hour, below the 18.50 per hour the LMIA approved.' });
    expect(signal.evidence.map((e) => e.quote)).toEqual(['Wage: CAD 17.00 per hour', 'Wage: CAD 18.50 per hour']);
  });

  it('rates an offer at the LMIA wage strong', () => {
    const file = typedFile('work-permit', [{ name: 'lmia.txt', type: 'lmia', text: lmia }, { name: 'offer.txt', type: 'job-offer', text: offer('18.50') }], people);
    expect(FINDERS['wage-consistency'](file).rating).toBe('strong');
  });

  it('never compares an annual salary with an hourly wage', () => {
    const annual = 'OFFER OF EMPLOYMENT\nPosition: Cook\nAnnual salary: $38,480, for 40 hours per week\nAccepted by: (signed) Priya Naidoo';
    const file = typedFile('work-permit', [{ name: 'lmia.txt', type: 'lmia', text: lmia }, { name: 'offer.txt', type: 'job-offer', text: annual }], people);
    expect(FINDERS['wage-consistency'](file)).toMatchObject({ rating: 'adequate', finding: expect.stringContaining('38480.00 per year') });
  });

  it('rates two different LMIA numbers adverse', () => {
    const file = typedFile('work-permit', [{ name: 'lmia.txt', type: 'lmia', text: lmia }, { name: 'offer.txt', type: 'job-offer', text: offer('18.50', '0009999') }], people);
    expect(FINDERS['lmia-or-exemption'](file)).toMatchObject({ rating: 'adverse', finding: expect.stringContaining('0004411 and 0009999') });
  });

  it('measures documented experience in the occupation against the LMIA requirement', () => {
    const letter = (from: string, role: string) => ({ name: `letter-${role}.txt`, type: 'employment-letter' as const, text: `Durban, 10 January 2026\nMs. Priya Naidoo has worked for us from ${from} to 31 December 2025 as a ${role} in our kitchen.` });
    const enough = typedFile('work-permit', [{ name: 'lmia.txt', type: 'lmia', text: lmia }, letter('1 February 2023', 'Cook')], people);
    expect(FINDERS['qualifications-experience'](enough)).toMatchObject({ rating: 'strong', finding: expect.stringContaining('document 2 years 10 months') });
    const helperOnly = typedFile('work-permit', [{ name: 'lmia.txt', type: 'lmia', text: lmia }, letter('1 February 2023', 'Kitchen Helper')], people);
    expect(FINDERS['qualifications-experience'](helperOnly).rating).toBe('adverse');
  });
});

describe('strategist signal finders: visitor visa and refusals', () => {
  it('rates a visit whose documents speak of looking for work adverse', () => {
    const file = typedFile('visitor-visa', [{ name: 'letter.txt', type: 'invitation-letter', text: 'During her visit she will also be looking for a job in Toronto.' }]);
    expect(FINDERS['visit-purpose'](file).rating).toBe('adverse');
  });

  it('finds an officer’s finding that the applicant’s own documents disprove', () => {
    const file = typedFile('refusal-response', [
      { name: 'gcms.txt', type: 'gcms-notes', text: 'Employment letter on file but it does not indicate that leave has been approved. Refused R179(b).' },
      { name: 'employer.txt', type: 'employment-letter', text: 'Her annual leave from 1 to 20 July 2026 has been approved by the director.' },
    ]);
    const signal = FINDERS['refusal-grounds-record'](file);
    expect(signal).toMatchObject({ rating: 'adequate', provisions: ['IRPR 179(b)'] });
    expect(signal.evidence.map((e) => e.docId)).toEqual(['gcms.txt', 'employer.txt']);
  });

  it('cannot check the grounds or the fairness of the process without GCMS notes', () => {
    const file = typedFile('refusal-response', [{ name: 'refusal.txt', type: 'refusal-letter', text: 'I am not satisfied that you will leave Canada, as required by paragraph 179(b) of the IRPR.' }]);
    expect(FINDERS['refusal-grounds-record'](file).rating).toBe('no-evidence');
    expect(FINDERS['procedural-fairness'](file).rating).toBe('no-evidence');
    expect(FINDERS['reasons-reasonableness'](file).rating).toBe('no-evidence');
  });

  it('rates fairness adverse when the applicant did not answer a fairness letter', () => {
    const file = typedFile('refusal-response', [
      { name: 'gcms.txt', type: 'gcms-notes', text: 'Procedural fairness letter sent on 2025-05-02 about the genuineness of the bank letter. No response received by the deadline.' },
    ]);
    expect(FINDERS['procedural-fairness'](file).rating).toBe('adverse');
  });
});

describe('strategist scoring rules', () => {
  it('drops a quote that is not verbatim in the file and, with no quote left, turns adverse into weak', () => {
    const file = typedFile('visitor-visa', [{ name: 'a.txt', type: 'other', text: 'The real text.' }]);
    const settled = settleSignal(file, { rating: 'adverse', finding: 'x', evidence: [{ docId: 'a.txt', page: 1, quote: 'text that is not there' }] });
    expect(settled).toEqual({ rating: 'weak', finding: 'x', evidence: [] });
  });
});
