/**
 * The Strategist reads the case-fact model, not page text: each spec hands a finder a model built by
 * hand (facts quoted from the documents beside it), in English and French, and says what the finder
 * makes of it, including the adverse facts that must never count as strengths.
 */
import { FINDERS } from '../../../lambdas/agents/strategist/signals/finderRegistry';
import { scoreCaseFile } from '../../../lambdas/agents/strategist/scoreCaseFile';
import { day, declaration, event, fileWithFacts, finding, money } from './handBuiltFacts';

describe('cohabitation, read from the fact model', () => {
  const statement = 'Nous louons notre appartement ensemble depuis 2019 à Sherbrooke.';
  const file = fileWithFacts('spousal-sponsorship', [{ name: 'declaration.txt', type: 'other', text: statement }], {
    timeline: [event('declaration.txt', statement, { kind: 'cohabitation-start', person: 'applicant', date: day('2019') })],
  });

  it('a French statement that the couple rent their home together is cohabitation, not "not stated"', () => {
    expect(FINDERS.cohabitation(file)).toMatchObject({ rating: 'adequate', finding: expect.stringContaining('since 2019'), evidence: [{ quote: statement }] });
  });

  it('gives no advice to explain why the couple never lived together', () => {
    const out = scoreCaseFile(file);
    const plan = [...out.evidencePlan.live, ...out.evidencePlan.strategic].filter((p) => p.factor === 'cohabitation');
    expect(plan.map((p) => `${p.item} ${p.why}`).join(' ')).not.toMatch(/never lived together|not lived together|why .* (?:apart|separately)/i);
    expect(out.factors.find((f) => f.id === 'cohabitation')!.rating).not.toBe('no-evidence');
  });

  it('a statement that they never lived together against a cohabitation in another document is a disagreement', () => {
    const never = 'We have never lived together because of our jobs.';
    const both = fileWithFacts('spousal-sponsorship', [{ name: 'declaration.txt', type: 'other', text: statement }, { name: 'imm5532.txt', type: 'imm-5532', text: never }], {
      timeline: [event('declaration.txt', statement, { kind: 'cohabitation-start', person: 'applicant', date: day('2019') })],
    });
    expect(FINDERS.cohabitation(both)).toMatchObject({ rating: 'weak', finding: expect.stringContaining('disagree') });
    expect(FINDERS['answer-consistency'](both).finding).toContain('whether the partners have lived together');
  });

  it('someone else\'s shared home is not the couple\'s', () => {
    const sister = 'My sister and her husband have lived together in Lyon since 2015.';
    const other = fileWithFacts('spousal-sponsorship', [{ name: 'letter.txt', type: 'other', text: sister }], {
      timeline: [event('letter.txt', sister, { kind: 'cohabitation-start', person: 'other', date: day('2015') })],
    });
    expect(FINDERS.cohabitation(other).rating).toBe('no-evidence');
  });
});

describe('adverse facts are never strengths', () => {
  it('an admission that the marriage was arranged for immigration is adverse on the bad-faith bar, never genuine', () => {
    const admission = "J'ai accepté ce mariage pour pouvoir immigrer au Canada; c'était arrangé par l'agence.";
    const met = 'We first talked online on 2021-02-01.';
    const married = 'Date of marriage: 2023-06-10';
    const file = fileWithFacts('spousal-sponsorship', [{ name: 'declaration.txt', type: 'other', text: admission }, { name: 'imm5532.txt', type: 'imm-5532', text: `${met}\n${married}` }], {
      declarations: [declaration('declaration.txt', admission, { topic: 'relationship-for-status', person: 'applicant', answer: 'yes', madeIn: 'statutory declaration' })],
      timeline: [
        event('imm5532.txt', met, { kind: 'first-contact', person: 'applicant', date: day('2021-02-01') }),
        event('imm5532.txt', married, { kind: 'marriage', person: 'applicant', date: day('2023-06-10') }),
      ],
    });
    const signal = FINDERS['convenience-signals'](file);
    expect(signal).toMatchObject({ rating: 'adverse', provisions: ['IRPR 4(1)'], evidence: [{ docId: 'declaration.txt' }] });
    expect(scoreCaseFile(file).strengths.map((p) => p.factor)).not.toContain('convenience-signals');
  });

  it('a denial ("No") of having married for status is no signal either way', () => {
    const no = 'Did you enter the relationship to obtain status? No';
    const file = fileWithFacts('spousal-sponsorship', [{ name: 'imm5532.txt', type: 'imm-5532', text: no }], {
      declarations: [declaration('imm5532.txt', no, { topic: 'relationship-for-status', person: 'applicant', answer: 'no' })],
    });
    expect(FINDERS['convenience-signals'](file).rating).not.toBe('adverse');
  });

  it('an earlier refusal on the genuineness ground, read by the model, is a bad-faith signal', () => {
    const ground = 'Je ne suis pas convaincu que le mariage soit authentique (paragraphe 4(1) du RIPR).';
    const file = fileWithFacts('spousal-sponsorship', [{ name: 'refus.txt', type: 'refusal-letter', text: ground }], {
      officerFindings: [finding('refus.txt', ground, { kind: 'ground', subject: 'IRPR 4(1)' })],
    });
    expect(FINDERS['convenience-signals'](file)).toMatchObject({ rating: 'adverse', finding: expect.stringContaining('bad-faith ground') });
  });

  it('a letter about a years-long overstay in a third country is not a tie to home: the work it recounts is not work at home', () => {
    const overstay = 'From 2016 to 2021 I stayed in Italy after my permit expired and worked in a restaurant in Turin.';
    const file = fileWithFacts('visitor-visa', [{ name: 'letter.txt', type: 'other', text: overstay }], {
      timeline: [
        event('letter.txt', overstay, { kind: 'overstay', person: 'applicant', date: day('2016'), end: day('2021'), country: 'Italy' }),
        event('letter.txt', overstay, { kind: 'employment', person: 'applicant', date: day('2016'), country: 'Italy' }),
      ],
    });
    const signal = FINDERS['home-ties'](file);
    expect(signal.finding).toMatch(/No tie to the home country is documented/);
    expect(signal.finding).toMatch(/a past overstay or removal/);
    expect(signal.rating).not.toBe('strong');
    expect(FINDERS['travel-history'](file)).toMatchObject({ rating: 'adverse', evidence: [{ quote: overstay }] });
  });

  it('a Yes to the overstay question weighs against ties and travel history', () => {
    const yes = '2. (a) Avez-vous déjà prolongé votre séjour au-delà de la période autorisée ? Oui';
    const file = fileWithFacts('visitor-visa', [{ name: 'imm5257.txt', type: 'imm-5257', text: yes }], {
      declarations: [declaration('imm5257.txt', yes, { topic: 'overstay', person: 'applicant', answer: 'yes' })],
    });
    expect(FINDERS['travel-history'](file).rating).toBe('adverse');
    expect(FINDERS['home-ties'](file).finding).toMatch(/a past overstay or removal/);
  });

  it('current work at home, read as an employment event, is a tie', () => {
    const job = 'Depuis mars 2020, je travaille comme comptable chez Sahel Conseil à Dakar.';
    const file = fileWithFacts('visitor-visa', [{ name: 'lettre.txt', type: 'employment-letter', text: job }], {
      timeline: [event('lettre.txt', job, { kind: 'employment', person: 'applicant', date: day('2020-03'), country: 'Sénégal', detail: 'comptable' })],
    });
    expect(FINDERS['home-ties'](file).finding).toMatch(/Ties found: work at home/);
  });
});

describe('work permit facts', () => {
  const lmiaText = 'Wage: CAD 31.50 per hour';
  const lmiaWage = money('lmia.txt', lmiaText, { kind: 'salary', amount: 31.5, currency: 'CAD', per: 'hour' });

  it('an annual salary in the offer is never compared with an hourly LMIA wage', () => {
    const offer = 'Salaire annuel : 65 520 $ CA';
    const file = fileWithFacts('work-permit', [{ name: 'lmia.txt', type: 'lmia', text: lmiaText }, { name: 'offre.txt', type: 'job-offer', text: offer }], {
      money: [lmiaWage, money('offre.txt', offer, { kind: 'salary', amount: 65520, currency: 'CAD', per: 'year' })],
    });
    expect(FINDERS['wage-consistency'](file)).toMatchObject({ rating: 'adequate', finding: expect.stringContaining('65520.00 per year') });
  });

  it('compares the offer and the LMIA wage by the same period', () => {
    const offer = 'Taux horaire : 29,00 $ CA';
    const file = fileWithFacts('work-permit', [{ name: 'lmia.txt', type: 'lmia', text: lmiaText }, { name: 'offre.txt', type: 'job-offer', text: offer }], {
      money: [lmiaWage, money('offre.txt', offer, { kind: 'salary', amount: 29, currency: 'CAD', per: 'hour' })],
    });
    expect(FINDERS['wage-consistency'](file)).toMatchObject({ rating: 'adverse', evidence: [{ quote: offer }, { quote: lmiaText }] });
  });

  it('an LMIA letter in the file is never said to be missing, even when its decision cannot be read', () => {
    const letter = 'EIMT — Décision : favorable sous conditions\nNuméro de l’EIMT : 7712345';
    const file = fileWithFacts('work-permit', [{ name: 'eimt.txt', type: 'lmia', text: letter }], {});
    const signal = FINDERS['lmia-or-exemption'](file);
    expect(signal.rating).toBe('adequate');
    expect(signal.finding).not.toMatch(/not (?:in the file|among)/);
  });

  it('an exemption the application relies on comes from the application facts', () => {
    const basis = 'Code de dispense : C12 (mutation intra-entreprise)';
    const file = fileWithFacts('work-permit', [{ name: 'offre.txt', type: 'job-offer', text: basis }], {
      application: { kind: 'work-permit', subKinds: ['lmia-exempt:intra-company-transferee'], reason: 'exemption code', applicantLocation: 'outside-canada', isRefusal: false, evidence: [{ docId: 'offre.txt', page: 1, quote: basis }], confidence: 0.9 },
    });
    expect(FINDERS['lmia-or-exemption'](file)).toMatchObject({ rating: 'adequate', finding: expect.stringContaining('intra company transferee') });
  });

  it('a job title followed by its NOC code and a count of positions keeps the title, so experience is counted', () => {
    const lmia = 'Job title: Welder (NOC 72106), 2 positions\nA minimum of two (2) years of experience as a welder is required.';
    const letter = 'Mr. Ortiz has worked for us as a Welder since 1 March 2021.\nMonterrey, 10 January 2026';
    const file = fileWithFacts('work-permit', [{ name: 'lmia.txt', type: 'lmia', text: lmia }, { name: 'letter.txt', type: 'employment-letter', text: letter }], {
      timeline: [event('letter.txt', 'Mr. Ortiz has worked for us as a Welder since 1 March 2021.', { kind: 'employment', person: 'applicant', date: day('2021-03-01'), detail: 'Welder' })],
    });
    expect(FINDERS['qualifications-experience'](file)).toMatchObject({ rating: 'strong', finding: expect.stringContaining('document 4 years 10 months') });
  });
});

describe('travel and refusals from the fact model', () => {
  it('a trip dated by a single month and year counts', () => {
    const line = 'En mai 2019, voyage au Japon pour un congrès.';
    const file = fileWithFacts('visitor-visa', [{ name: 'voyages.txt', type: 'other', text: line }], {
      timeline: [event('voyages.txt', line, { kind: 'travel', person: 'applicant', date: day('2019-05'), country: 'Japon' })],
    });
    expect(FINDERS['travel-history'](file)).toMatchObject({ rating: 'adequate', finding: expect.stringContaining('Japan') });
  });

  it('a refusal letter in the file against a later "never refused" is adverse, quoting both', () => {
    const ground = 'I am not satisfied that you will leave Canada at the end of your stay (paragraph 179(b)).';
    const denial = 'Ms. Perera has never been refused a visa by any country.';
    const file = fileWithFacts('visitor-visa', [
      { name: 'refusal.txt', type: 'refusal-letter', text: `Date: 2024-03-18\n${ground}` },
      { name: 'letter.txt', type: 'submission-letter', text: `Date: 2025-10-01\n${denial}` },
    ], {
      officerFindings: [finding('refusal.txt', ground, { kind: 'ground', subject: 'IRPR 179(b)' })],
      declarations: [declaration('letter.txt', denial, { topic: 'prior-refusal', person: 'applicant', answer: 'no' })],
    });
    const signal = FINDERS['prior-refusals'](file);
    expect(signal.rating).toBe('adverse');
    expect(signal.evidence.map((e) => e.docId)).toEqual(['refusal.txt', 'letter.txt']);
  });

  it('a later sworn declaration disclosing the refusal is a disclosure, not a second denial', () => {
    const ground = 'Votre demande est refusée (alinéa 179b) du RIPR).';
    const no = '(b) Have you ever been refused a visa? No';
    const yes = "Je déclare avoir omis par erreur le refus de visa de 2024 dans mon formulaire.";
    const file = fileWithFacts('visitor-visa', [
      { name: 'refus.txt', type: 'refusal-letter', text: `Date : 2024-03-18\n${ground}` },
      { name: 'imm5257.txt', type: 'imm-5257', text: `${no}\nDate: 2025-06-01` },
      { name: 'declaration.txt', type: 'other', text: `${yes}\nFait le 2025-09-15` },
    ], {
      officerFindings: [finding('refus.txt', ground, { kind: 'ground', subject: 'IRPR 179(b)' })],
      declarations: [
        declaration('imm5257.txt', no, { topic: 'prior-refusal', person: 'applicant', answer: 'no' }),
        declaration('declaration.txt', yes, { topic: 'prior-refusal', person: 'applicant', answer: 'yes', details: 'visa refusal 2024' }),
      ],
    });
    expect(FINDERS['prior-refusals'](file)).toMatchObject({ rating: 'weak', finding: expect.stringContaining('a later declaration discloses it') });
  });

  it('a refusal of someone else is not the applicant\'s', () => {
    const told = "My brother's visa was refused in 2022.";
    const file = fileWithFacts('visitor-visa', [{ name: 'letter.txt', type: 'other', text: told }], {
      timeline: [event('letter.txt', told, { kind: 'refusal', person: 'other', date: day('2022') })],
    });
    expect(FINDERS['prior-refusals'](file).rating).toBe('no-evidence');
  });
});

describe('the study applicant\'s background, read from the fact model', () => {
  const program = 'Programme : Maîtrise en génie civil';
  const worked = "De 2019 à 2024, j'ai été ingénieure de chantier chez Bâtir Sahel à Niamey.";
  const plan = "Après mes études, j'espère travailler comme ingénieure au Canada.";
  const docs = [
    { name: 'lettre-admission.txt', type: 'letter-of-acceptance' as const, text: program },
    { name: 'cv.txt', type: 'other' as const, text: worked },
    { name: 'lettre.txt', type: 'other' as const, text: plan },
  ];
  const file = (timeline: ReturnType<typeof event>[]) => fileWithFacts('study-permit', docs, { timeline }, { dateOfBirth: { value: '1996-05-02', evidence: { docId: 'cv.txt', page: 1, quote: worked } } });

  it('a French work period the reader dated is the background the program builds on', () => {
    const out = FINDERS['study-plan-logic'](file([event('cv.txt', worked, { kind: 'employment', person: 'applicant', date: day('2019'), end: day('2024'), detail: 'ingénieure de chantier' })]));
    expect(out.finding).toContain('shares its field');
    expect(out.evidence.map((e) => e.quote)).toContain(worked);
  });

  it('an undated plan to work, or someone else\'s job, is not background', () => {
    const planned = file([event('lettre.txt', plan, { kind: 'employment', person: 'applicant', detail: 'ingénieure' })]);
    expect(FINDERS['study-plan-logic'](planned).finding).toContain('not described');
    const fathers = file([event('cv.txt', worked, { kind: 'employment', person: 'other', date: day('2019'), detail: 'ingénieure de chantier' })]);
    expect(FINDERS['study-plan-logic'](fathers).finding).toContain('not described');
  });
});
