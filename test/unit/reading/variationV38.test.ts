/**
 * Document typing on the v38 variation set (test/corpus/reading/{en,fr}/v38-*): documents typed by how
 * they look in real files — hosts' letters with no title, offers sent by e-mail, employers' certificates
 * as squeezed PDF text, bank letters beside their statements, civil-status acts from several countries,
 * refusals beside their notes — and the rules the set led to, each with the look-alike it must leave
 * alone (test/corpus/reading/README.md, Conventions: Document types).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractedCorpusFile } from './corpusItem';
import { readDocumentType } from '../../../lambdas/agents/intake/documents/typing/readDocumentType';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const CORPUS = join(__dirname, '..', '..', 'corpus', 'reading');
const CONFIDENT = 0.6;

const typeOf = (text: string, name = 'scan-118.txt') => {
  const doc: ExtractedDocument = { docId: 'd1', name, format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readDocumentType(doc);
};

/** Every document of the set with the type its item expects. */
function setDocuments(): Array<[string, string, string]> {
  const rows: Array<[string, string, string]> = [];
  for (const lang of ['en', 'fr']) {
    for (const slug of readdirSync(join(CORPUS, lang)).filter((d) => d.startsWith('v38-'))) {
      const item = `${lang}/${slug}`;
      const expected = JSON.parse(readFileSync(join(CORPUS, item, 'expected.json'), 'utf8')) as { documents: Record<string, { type: string }> };
      for (const file of readdirSync(join(CORPUS, item)).filter((f) => f !== 'expected.json')) {
        rows.push([item, file, expected.documents[file.replace(/\.(pdf|docx)\.txt$/, '.$1')].type]);
      }
    }
  }
  return rows;
}

describe('the v38 set', () => {
  const rows = setDocuments();

  it('holds 20 to 30 items, about half of them French', () => {
    const items = new Set(rows.map(([item]) => item));
    const french = [...items].filter((i) => i.startsWith('fr/')).length;
    expect(items.size).toBeGreaterThanOrEqual(20);
    expect(items.size).toBeLessThanOrEqual(30);
    expect(french / items.size).toBeGreaterThan(0.4);
  });

  it.each(rows)('%s: %s is typed %s, never a confident wrong type', (item, file, type) => {
    const typing = readDocumentType(extractedCorpusFile(item, file));
    expect(typing.type).toBe(type);
  });
});

describe("hosts' letters", () => {
  it('types a host who welcomes, houses and feeds the visitor as an invitation letter, though it is addressed to the officer', () => {
    const letter = 'Dear Sir or Madam,\n\nMy wife and I would be delighted to welcome my cousin, Mr. Ato Quaye, for a holiday from 5 July to 16 August 2025. He will stay with us for the whole of his stay and we will provide his food.\n\nYours faithfully,\nKojo Asare';
    expect(typeOf(letter).type).toBe('invitation-letter');
    expect(typeOf("Madame, Monsieur,\n\nJe soussignée, citoyenne canadienne, accueillerai ma tante du 10 juin au 25 août 2025. Elle logera chez moi et j'assumerai ses frais de séjour.\n\nAwa Ndiaye").type).toBe('invitation-letter');
  });

  it('still types a host letter that mentions a wedding as an invitation (only a wedding card counts against it)', () => {
    expect(typeOf('To the Visa Officer,\n\nI, Liam Byrne, a Canadian citizen, invite my mother-in-law to visit us in Halifax from 14 June to 30 August 2025. She came in 2019 for our wedding.\n\nLiam Byrne').type).toBe('invitation-letter');
  });

  it('types a host inviting by e-mail as an invitation letter, an e-mail about other things as communication records', () => {
    expect(typeOf('From: Anjali <a@example.com>\nTo: Ravi <r@example.com>\nDate: 4 April 2025\nSubject: Your visit\n\nDear Papa,\n\nYou will stay with us in Brampton from 10 June to 30 August, and we will pay for your ticket.\n\nLove,\nAnjali').type).toBe('invitation-letter');
    expect(typeOf('From: Anjali <a@example.com>\nTo: Ravi <r@example.com>\nDate: 4 April 2025\nSubject: Photos\n\nDear Papa,\n\nHere are the photos from Sunday. The children loved the park.\n\nLove,\nAnjali').type).not.toBe('invitation-letter');
  });
});

describe("sponsors' and applicants' letters", () => {
  it('types an untitled letter whose writer sponsors a spouse as a submission letter, in English and French', () => {
    expect(typeOf('To the officer,\n\nI am Imran Siddiqui and I sponsor my wife, Hina. We met in Karachi in 2019 and married in 2022.\n\nImran Siddiqui').type).toBe('submission-letter');
    expect(typeOf('Madame, Monsieur,\n\nJe soussignée, Julie Caron, citoyenne canadienne, parraine mon conjoint, Moussa Keita. Nous nous sommes rencontrés à Bamako en 2021.\n\nJulie Caron').type).toBe('submission-letter');
  });

  it("leaves a friend's letter vouching for a couple as other: the writer is neither applicant, sponsor nor counsel", () => {
    expect(typeOf('To the Immigration Officer\n\nI have known Nomvula since university. I was a bridesmaid at her wedding to Gareth in 2024 and have no doubt their marriage is real.\n\nThandeka Zulu').type).toBe('other');
  });
});

describe('job offers', () => {
  it('types an offer sent by e-mail as a job offer: its proposal, its start and the permit it waits for', () => {
    expect(typeOf("De : RH <rh@auberge.qc.ca>\nÀ : M. Trabelsi <m@example.com>\nEnvoyé : 6 mars 2025\nObjet : Poste d'aide-cuisinier\n\nBonjour,\n\nNous avons le plaisir de vous proposer un poste d'aide-cuisinier à temps plein. Entrée en fonction : 12 mai 2025, dès la délivrance de votre permis de travail.\n\nSylvie Gagnon").type).toBe('job-offer');
    expect(typeOf('From: Kevin <k@farm.ca>\nTo: Daniel <d@example.ke>\nDate: 14 May 2025\nSubject: Seasonal position\n\nDear Daniel,\n\nLawson Farms confirms your start date of 2 June 2025 as a greenhouse worker, subject to your work permit being approved.\n\nKevin').type).toBe('job-offer');
  });

  it('types a letter hiring a worker without the word "offer" as a job offer, a school offering a place as a letter of acceptance', () => {
    expect(typeOf('Dear Mr. Thapa,\n\nWe are happy to confirm our decision to hire you as a full-time Dairy Herdsperson. Your hourly rate will be $19.50. Please sign below to indicate your agreement.\n\nHeather MacLeod').type).toBe('job-offer');
    expect(typeOf('Dear Ms. Gurung,\n\nWe would like you to join Okanagan Orchards Ltd. as Orchard Supervisor on a full-time basis at $29.00 per hour.\n\nKindly sign and return a copy of this letter.\n\nPeter Lindqvist').type).toBe('job-offer');
    expect(typeOf('Madame,\n\nNous avons le plaisir de vous offrir une place au programme de baccalauréat en sciences infirmières.\n\nDate de début du programme : 8 septembre 2026\n\nLe registraire').type).toBe('letter-of-acceptance');
  });

  it('does not read a Quebec rural road (« rang ») as an Express Entry rank', () => {
    expect(typeOf("SERRES DU LAC INC.   1200, rang Saint-Joseph, Lévis\n\nObjet : Confirmation d'embauche\n\nMonsieur,\n\nNous confirmons votre embauche à titre d'ouvrier agricole (CNP 85100) à compter de votre arrivée au Canada.\n\nMartine Bélanger").type).toBe('job-offer');
  });
});

describe("employers' attestations", () => {
  it("types a former employer's reference and a French employer attestation laid out as fields as employment letters", () => {
    expect(typeOf('To whom it may concern,\n\nMr. Ken Abe worked at Sato Precision Works as a Production Engineer from April 2010 to March 2014. His monthly salary on leaving was JPY 310,000. We would gladly employ him again.\n\nHiroshi Sato').type).toBe('employment-letter');
    expect(typeOf("ATTESTATION EMPLOYEUR\nNom et prénom : DIOP Awa\nDate d'entrée dans l'entreprise : 02/01/2018\nEmploi occupé : Comptable\nFait à Dakar, le 3 avril 2025").type).toBe('employment-letter');
  });

  it("leaves the writer's own job told in the first person to their letter", () => {
    expect(typeOf('Dear Officer,\n\nI worked as a nurse at Korle Bu hospital from 2015 to 2022. I am applying for a visitor visa to see my daughter.\n\nAma Owusu').type).not.toBe('employment-letter');
  });
});

describe('look-alikes of refusals, admissions and civil-status records', () => {
  it("does not type a form's question about past refusals, or a table of past applications, as a refusal letter", () => {
    expect(typeOf('BACKGROUND\n\nHave you ever been refused a visa or permit, denied entry or ordered to leave Canada or any other country?\nAnswer: Yes\nDetails: refused a US visa under section 214(b) in 2018.').type).not.toBe('refusal-letter');
    expect(typeOf("ANTÉCÉDENTS\n\nAvez-vous déjà fait l'objet d'un refus de visa ou de permis ?\nRéponse : Oui\nDétails : visa refusé par la France en 2021.").type).not.toBe('refusal-letter');
  });

  it('does not type a fairness letter written before any decision as a refusal letter', () => {
    const pfl = 'Immigration, Refugees and Citizenship Canada\nEmbassy of Canada, Manila\n\nDear Ms. Reyes,\n\nI have reviewed your application for a work permit. Before I make a decision, I would like to give you the opportunity to respond to the following concerns.\n\nVisa Officer';
    expect(typeOf(pfl).type).not.toBe('refusal-letter');
  });

  it('does not type the study details of a finished programme as a letter of acceptance', () => {
    expect(typeOf('Post-Graduation Work Permit – Details of studies\n\nName of designated learning institution: Red River College\nDLI number: O19395677242\nProgram start date: 2022-09-06\nProgram completed on: 2025-04-25').type).not.toBe('letter-of-acceptance');
  });

  it('types an extract of the register of marriage acts as a marriage certificate though it gives the spouses\' births', () => {
    expect(typeOf("RÉPUBLIQUE DU SÉNÉGAL\nCentre d'état civil de Thiès\nEXTRAIT DU REGISTRE DES ACTES DE MARIAGE\nActe n° 88\nLe mariage entre\nMonsieur Ali Fall, né le 3 mars 1990 à Thiès\net Madame Rose Diouf, née le 1er mai 1992 à Mbour\na été célébré le 12 juin 2021.").type).toBe('marriage-certificate');
  });

  it('types a border agency entry/exit record as other (a travel history), not GCMS notes', () => {
    const record = 'Canada Border Services Agency — Traveller Entry/Exit History\nResponse to Access to Information request A-2023-1\n\nDate   Direction   Port\n2018-05-14   IN   Toronto Pearson\n2018-08-02   OUT   Toronto Pearson';
    expect(typeOf(record).type).toBe('other');
  });

  it('types an affidavit of support as proof of funds, a solemn declaration about a relationship as other, never confidently wrong', () => {
    const support = typeOf('AFFIDAVIT OF SUPPORT\n\nI, Emmanuel Boateng, MAKE OATH AND SAY:\n1. I will pay the tuition fees and living expenses of my nephew.\n2. My bank statements showing a balance of CAD 64,200 are attached.\n\nSWORN before me at Winnipeg.\nA Commissioner for Oaths');
    expect(support.type).toBe('proof-of-funds');
    expect(support.confidence).toBeLessThan(CONFIDENT);
    expect(typeOf("DÉCLARATION SOLENNELLE\n\nJe déclare solennellement ce qui suit : je vis en union de fait avec M. Diego Alvarez depuis 2022.\n\nDéclaré devant moi à Sherbrooke\nCommissaire à l'assermentation").type).toBe('other');
  });

  it("types Morocco's fiche anthropométrique as a police certificate, not a passport", () => {
    expect(typeOf('ROYAUME DU MAROC\nDirection Générale de la Sûreté Nationale\n\nFICHE ANTHROPOMÉTRIQUE\n\nNom : ALAMI\nPrénom : Sara\nDate et lieu de naissance : 08/09/1996 à Fès\nCondamnations : NÉANT').type).toBe('police-certificate');
  });
});
