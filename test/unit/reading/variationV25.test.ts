/**
 * Officer findings, the application and document typing on the v25 variation set
 * (test/corpus/reading/{en,fr}/v25-*): a ground a list item wraps onto its next line, terse
 * verification calls and shared-database checks, fairness letters sent and not sent, tribunal
 * reasons and counsel's letters that quote the officer (no findings of theirs), an open spousal
 * permit applied for from abroad, a spouse named across a wrapped line, and the types of tribunal
 * reasons, affidavits of support, loan attestations and untitled letters to the officer.
 */
import { readCorpusFolder, extractedCorpusFile } from './corpusItem';
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import { readDocumentType } from '../../../lambdas/agents/intake/documents/typing/readDocumentType';
import type { CaseFacts } from '../../../lambdas/contracts/caseFacts';

const findings = (facts: CaseFacts) => facts.officerFindings.map((f) => `${f.kind}|${f.subject}`);
const typeOf = (item: string, file: string) => readDocumentType(extractedCorpusFile(item, file)).type;
const textFile = (text: string, name = 'letter.txt') => readCaseFacts([{ docId: 'd1', name, format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 }]);

describe('officer findings', () => {
  it('reads the provision of a ground whose list item wraps onto the next line (IRPR 200(3)(a)), in English and French', () => {
    for (const item of ['en/v25-refusal-ability-to-perform', 'fr/v25-refus-aptitude-emploi-200-3a']) {
      expect(findings(readCorpusFolder(item).facts)).toEqual(expect.arrayContaining(['ground|IRPR 200(3)(a)', 'ground|IRPR 200(1)(b)']));
    }
  });

  it('reads terse notes: a verification call to the bank, a lump sum whose source is not on file, "PFL not sent"', () => {
    const read = findings(readCorpusFolder('en/v25-gcms-verification-call-bank').facts);
    expect(read).toEqual(expect.arrayContaining(['extrinsic-evidence|funds', 'document-absent|funds', 'fairness-letter-not-sent|procedural fairness', 'ground|IRPR 216(1)(b)']));
    expect(read).not.toContain('fairness-letter-sent|procedural fairness');
    expect(read).not.toContain('document-absent|other');
  });

  it('reads « Appel de vérif. » to the employer and « LEP non envoyée » in French notes', () => {
    const read = findings(readCorpusFolder('fr/v25-notes-smgc-appel-employeur').facts);
    expect(read).toEqual(expect.arrayContaining(['extrinsic-evidence|employment', 'fairness-letter-not-sent|procedural fairness', 'document-absent|employment', 'ground|IRPR 179(b)']));
  });

  it('reads a fairness letter that recalls another country’s refusal as a fairness letter: sent, a database check, and no ground', () => {
    const read = findings(readCorpusFolder('fr/v25-lettre-equite-base-donnees').facts);
    expect(read).toEqual(expect.arrayContaining(['fairness-letter-sent|procedural fairness', 'extrinsic-evidence|immigration-history']));
    expect(read.some((f) => f.startsWith('ground|'))).toBe(false);
  });

  it('reads « Une lettre d’équité procédurale vous a été envoyée » as a letter sent', () => {
    expect(findings(readCorpusFolder('fr/v25-refus-fausses-declarations-ecole').facts)).toEqual(expect.arrayContaining(['fairness-letter-sent|procedural fairness', 'ground|IRPA 40(1)(a)', 'extrinsic-evidence|education']));
  });

  it('reads no finding in tribunal reasons or counsel’s letters that quote the officer or say a fairness letter should have been sent', () => {
    for (const item of ['en/v25-iad-reasons-quote-officer', 'fr/v25-decision-sai-motifs-agente', 'en/v25-counsel-urges-fairness-letter', 'fr/v25-observations-lep-recommandee']) {
      expect(readCorpusFolder(item).facts.officerFindings).toEqual([]);
    }
  });

  it('reads no outside check in what the applicant gave or the file holds, but still the check of a website', () => {
    const notes = (line: string) => findings(textFile(`GCMS notes\n2025-02-10 AB12\n${line}\nI am not satisfied that PA will leave Canada at the end of the stay. R179(b). Refused.\n`, 'gcms.txt'));
    expect(notes('Information received from the applicant on 2025-02-01: updated bank statements.').some((f) => f.startsWith('extrinsic-evidence'))).toBe(false);
    expect(notes('I consulted the documents on file and the submissions of counsel.').some((f) => f.startsWith('extrinsic-evidence'))).toBe(false);
    expect(notes("J'ai consulté les pièces au dossier.").some((f) => f.startsWith('extrinsic-evidence'))).toBe(false);
    expect(notes("Consulted the employer's website: no office in Canada.")).toContain('extrinsic-evidence|employment');
  });

  it('reads no ground from a list line that only states the law, even under a refusal’s list of reasons', () => {
    const facts = textFile(
      'Immigration, Refugees and Citizenship Canada\n\nYour application for a work permit is refused. I am refusing your application for the following reasons:\n\n- Paragraph 200(3)(a) of the Regulations provides that an officer shall not issue a work permit where the foreign national is unable to perform the work.\n- I am not satisfied that you will leave Canada at the end of your stay, as required by paragraph 200(1)(b) of the Regulations.\n',
      'refusal-letter.txt',
    );
    expect(findings(facts)).toContain('ground|IRPR 200(1)(b)');
    expect(findings(facts)).not.toContain('ground|IRPR 200(3)(a)');
  });
});

describe('the application', () => {
  it('reads an open spousal permit applied for « depuis la Belgique », not the LMIA of the spouse’s own permit', () => {
    const { application } = readCorpusFolder('fr/v25-permis-ouvert-epoux-travailleur').facts;
    expect(application.kind).toBe('work-permit');
    expect(application.subKinds).toContain('lmia-exempt:open-spousal');
    expect(application.subKinds).not.toContain('lmia');
  });

  it('still leaves out a permit for another country (« pour l’Allemagne »), from wherever it was asked', () => {
    const facts = textFile("Madame, Monsieur,\n\nEn 2020, depuis la Belgique, j'ai demandé un permis de travail pour l'Allemagne.\nJe présente aujourd'hui une demande de visa de visiteur pour le Canada afin de voir ma sœur.\n");
    expect(facts.application.kind).toBe('visitor-visa');
  });

  it('finds the sponsored husband across a wrapped line ("my⏎husband, …, who lives in Kathmandu, Nepal"): outland', () => {
    const { application } = readCorpusFolder('en/v25-sponsor-letter-husband-nepal').facts;
    expect(application.kind).toBe('spousal-sponsorship');
    expect(application.subKinds).toContain('outland');
    expect(application.applicantLocation).toBe('outside-canada');
  });

  it('gives no sub-kind the file says is not needed, and one basis to a work permit', () => {
    const caq = textFile("Madame, Monsieur l'agent,\n\nJ'ai été admise au baccalauréat en sciences infirmières de l'Université d'Ottawa et je demande un permis d'études. Un CAQ n'est pas requis pour étudier en Ontario.\n");
    expect(caq.application.kind).toBe('study-permit');
    expect(caq.application.subKinds).not.toContain('quebec-caq');
    const noNeed = textFile('Dear Officer,\n\nI have been admitted to a college in Toronto and I am applying for a study permit. I do not need a CAQ.\n');
    expect(noNeed.application.subKinds).not.toContain('quebec-caq');
    // Still read where the file has one.
    expect(textFile("Madame, Monsieur l'agent,\n\nJe demande un permis d'études pour le cégep de Rimouski. Mon CAQ pour études est joint.\n").application.subKinds).toContain('quebec-caq');
    const iec = textFile('Dear Officer,\n\nI am applying for a work permit under the International Experience Canada working holiday category. My future employer also hires cooks with a positive LMIA.\n');
    expect(iec.application.subKinds).toEqual(['lmia-exempt:iec']);
  });

  it('reads "applying … from outside Canada" as outside Canada, not as Canada named', () => {
    const facts = textFile('Dear Officer,\n\nI completed my diploma at a Canadian college in May 2025 and left Canada in June. I am applying for a post-graduation work permit from outside Canada, from Vietnam.\n');
    expect(facts.application.subKinds).toContain('lmia-exempt:pgwp');
    expect(facts.application.applicantLocation).toBe('outside-canada');
  });

  it('reads no sub-kind from where the sponsor lives or where the couple met', () => {
    const sponsorHere = textFile('Dear Officer,\n\nI am sponsoring my wife, Mei Lin. I am currently living in Canada, in Calgary, where I work as a nurse.\n');
    expect(sponsorHere.application.subKinds).not.toContain('inland');
    const husbandAbroad = textFile("Madame, Monsieur,\n\nJe suis citoyenne canadienne et je vis au Canada depuis ma naissance. Je parraine mon mari, qui habite à Dakar, au Sénégal.\n");
    expect(husbandAbroad.application.subKinds).toEqual(['outland']);
    const metAbroad = textFile("Madame, Monsieur,\n\nJe parraine mon époux, Karim. Nous nous sommes rencontrés à l'étranger, lors d'un voyage.\n");
    expect(metAbroad.application.subKinds).not.toContain('outland');
    // The couple living together here is still inside Canada.
    expect(textFile('Dear Officer,\n\nI am sponsoring my husband. We are currently living in Canada, in Regina.\n').application.subKinds).toContain('inland');
  });

  it('reads no kind or sub-kind from a later plan (a PGWP after graduation, Express Entry « à terme »)', () => {
    const study = textFile('Dear Officer,\n\nI have been admitted to a diploma at a college in Toronto and I am applying for a study permit. After graduation I would like to apply for a post-graduation work permit.\n');
    expect(study.application.kind).toBe('study-permit');
    expect(study.application.subKinds).toEqual([]);
    const work = textFile("Madame, Monsieur l'agent,\n\nJe demande un permis de travail fondé sur une EIMT pour un poste de boucher à Rimouski. À terme, je souhaite présenter une demande de résidence permanente par Entrée express.\n");
    expect(work.application.kind).toBe('work-permit');
    expect(work.application.subKinds).toEqual(['lmia']);
    // The plan said as this application is still read.
    expect(textFile('Dear Officer,\n\nI graduated in May 2025 and I am applying for a post-graduation work permit.\n').application.subKinds).toContain('lmia-exempt:pgwp');
  });

  it('reads notes headed by the family-class spouse code ("FC1 spouse") and a "Sponsorship and PR application" as a sponsorship', () => {
    expect(readCorpusFolder('en/v7-gcms-pfl-response-spousal').facts.application.kind).toBe('spousal-sponsorship');
  });

  it('reads terse study-permit notes (a study plan, an LOA) as a study permit file', () => {
    expect(readCorpusFolder('en/v25-gcms-verification-call-bank').facts.application.kind).toBe('study-permit');
  });
});

describe('document types', () => {
  it('types the reasons of the IAD, the SAI and the Federal Court as other, not as a refusal letter', () => {
    expect(typeOf('en/v25-iad-reasons-quote-officer', 'iad-decision.pdf.txt')).toBe('other');
    expect(typeOf('fr/v25-decision-sai-motifs-agente', 'decision-sai.pdf.txt')).toBe('other');
    expect(typeOf('en/v17-federal-court-quotes-officer', 'judgment.pdf.txt')).toBe('other');
  });

  it('still types an officer’s refusal letter that names the Federal Court only for review as a refusal letter', () => {
    const doc = extractedCorpusFile('en/v25-refusal-ability-to-perform', 'refusal-letter.pdf.txt');
    const withReview = { ...doc, pages: doc.pages.map((p) => ({ ...p, text: `${p.text}\nYou may apply to the Federal Court for leave to seek judicial review of this decision.\n` })) };
    expect(readDocumentType(withReview).type).toBe('refusal-letter');
  });

  it('types an affidavit of financial support and a loan attestation as proof of funds', () => {
    expect(typeOf('en/v10-affidavit-support-amounts-in-words', 'affidavit.pdf.txt')).toBe('proof-of-funds');
    expect(typeOf('fr/v19-pret-etudiant-fcfa', 'attestation-pret.pdf.txt')).toBe('proof-of-funds');
    expect(typeOf('fr/v25-preuve-fonds-attestation-prise-en-charge', 'engagement-prise-en-charge.pdf.txt')).toBe('proof-of-funds');
  });

  it('types untitled letters to the officer as submission letters, and counsel who says whom it acts for', () => {
    expect(typeOf('fr/v25-parrainage-interieur-lettre-courriel', 'lettre-agent.txt')).toBe('submission-letter');
    expect(typeOf('en/v15-letter-record-suspension', 'letter-criminality.docx.txt')).toBe('submission-letter');
    expect(typeOf('fr/v15-memoire-decision-rendue-notifiee', 'memoire-avocate.txt')).toBe('submission-letter');
  });

  it('types itineraries and their look-alikes', () => {
    expect(typeOf('en/v25-eticket-and-hotel-booking', 'e-ticket.pdf.txt')).toBe('travel-itinerary');
    expect(typeOf('fr/v25-reservation-vol-programme-sejour', 'programme-sejour.docx.txt')).toBe('travel-itinerary');
    // A fairness letter is no refusal letter, and no submission letter.
    expect(typeOf('en/v25-fairness-letter-site-visit', 'pf-letter.pdf.txt')).toBe('other');
  });
});
