/**
 * Parties a document names in passing: a record's labels ("Person concerned", "Traveller",
 * "Employee's name and address"), a role in parentheses after a name, a section that names the
 * person sponsored, the sponsor named by "sponsored by" or "sponsorship of … by …", a role in
 * apposition, the partner the author first met, the person a certificate is about, a subject line
 * between dashes, and counsel who writes under a firm's letterhead.
 */
import { partiesOf } from './partiesOf';

describe("a record's labels and a role written beside a name", () => {
  it('reads "Person concerned", « Personne concernée », "Traveller" and "Employee\'s name and address" as the person the record is about', () => {
    expect(partiesOf('DEPARTURE ORDER\nPerson concerned: Tomasz Wójcik\nDate of birth: 1984-02-11')).toContainEqual(['applicant', 'Tomasz Wójcik']);
    expect(partiesOf('AVIS\nPersonne concernée : Mariam Touré\nDate : 2023-04-02')).toContainEqual(['applicant', 'Mariam Touré']);
    expect(partiesOf('Entry/exit history\nTraveller: OKONJO, Chidinma Grace     DOB: 1992-07-30')).toContainEqual(['applicant', 'Chidinma Grace OKONJO']);
    expect(partiesOf("Box 9  Employee's name and address: Rahul Verma, 22 King St, Moncton NB\nBox 10 First day worked: 2022-01-10")).toContainEqual(['applicant', 'Rahul Verma']);
  });

  it('lets "(sponsor)" after a client\'s name say the client sponsors, and leaves a plain client the applicant', () => {
    expect(partiesOf('Client questionnaire\nClient: Nathalie Bouchard (sponsor)\nSpouse: Karim Haddad')).toContainEqual(['sponsor', 'Nathalie Bouchard']);
    expect(partiesOf('Client questionnaire\nClient: Nathalie Bouchard (sponsor)\nSpouse: Karim Haddad')).not.toContainEqual(['applicant', 'Nathalie Bouchard']);
    expect(partiesOf('Client questionnaire\nClient: Karim Haddad\nCountry of residence: Lebanon')).toContainEqual(['applicant', 'Karim Haddad']);
  });

  it('reads the names under a "PERSON BEING SPONSORED" heading as the applicant even in the sponsor\'s undertaking', () => {
    const parties = partiesOf('UNDERTAKING\nSPONSOR\nFamily name: LINDQVIST   Given name(s): Erik\n\nPERSON BEING SPONSORED\nFamily name: ABEBE   Given name(s): Hana\n\nI have previously sponsored a spouse.');
    expect(parties).toEqual(expect.arrayContaining([['sponsor', 'Erik LINDQVIST'], ['applicant', 'Hana ABEBE']]));
  });
});

describe('roles stated in prose', () => {
  it('reads "sponsored by …" and « parrainée par mon époux, … » as the sponsor, and "Sponsorship of X by Y" as X applying and Y sponsoring', () => {
    expect(partiesOf('I am the applicant for permanent residence, sponsored by Mr. Graham Ellison of Victoria.')).toContainEqual(['sponsor', 'Graham Ellison']);
    expect(partiesOf("Je, soussignée, Leïla Mansouri, demanderesse parrainée par mon époux, Antoine Gervais, déclare ce qui suit.")).toContainEqual(['sponsor', 'Antoine Gervais']);
    expect(partiesOf('Re: Sponsorship of Thandiwe Mokoena by Pieter van Wyk - background check')).toEqual(expect.arrayContaining([['applicant', 'Thandiwe Mokoena'], ['sponsor', 'Pieter van Wyk']]));
  });

  it('reads a role in apposition ("the sponsor, Mr. …", « Le demandeur, M. … ») in English and French', () => {
    expect(partiesOf('Our client, the sponsor, Mr. Owen Fairbanks, has lived in Halifax since 2010.')).toContainEqual(['sponsor', 'Owen Fairbanks']);
    expect(partiesOf('2. Le demandeur, M. Bakary Camara, sollicite le contrôle judiciaire de la décision.')).toContainEqual(['applicant', 'Bakary Camara']);
    expect(partiesOf('La répondante, Mme Josée Lavigne, réside à Sherbrooke.')).toContainEqual(['sponsor', 'Josée Lavigne']);
  });

  it("reads the person the sponsor first met as the applicant, and the applicant's as the partner", () => {
    expect(partiesOf('I am sponsoring my wife. I first met Ayesha Siddiqui at a conference in Karachi in 2019.')).toContainEqual(['applicant', 'Ayesha Siddiqui']);
    expect(partiesOf("J'ai rencontré Gabriel Fortin à Lyon en 2020, lors d'un stage.")).toContainEqual(['spouse-or-partner', 'Gabriel Fortin']);
  });

  it("reads the student or employee a certificate attests about (« atteste que l'étudiante … »)", () => {
    expect(partiesOf("Le registraire soussigné atteste que l'étudiante Inès Khelifi, née le 2 mai 2001, est inscrite à temps plein.")).toContainEqual(['applicant', 'Inès Khelifi']);
    expect(partiesOf('We certify that the employee Jomo Kariuki has worked with us since 2018.')).toContainEqual(['applicant', 'Jomo Kariuki']);
  });
});

describe('subject lines and who signs', () => {
  it('reads a name between the dashes of a subject line when a title or a family name in capitals marks it, and an em dash like a hyphen', () => {
    expect(partiesOf("Objet : Demande de prolongation — M. Didier KABORÉ — pièces complémentaires\n\nMadame, Monsieur,")).toContainEqual(['applicant', 'Didier KABORÉ']);
    expect(partiesOf('Re: Oksana PETRENKO — Application for Work Permit W301122334 — additional documents')).toContainEqual(['applicant', 'Oksana PETRENKO']);
    expect(partiesOf('Re: Study permit — Document Checklist — Next Steps')).not.toContainEqual(['applicant', 'Document Checklist']);
  });

  it('reads the signature of a letter counsel writes ("We act for …", a firm\'s letterhead) as counsel, never as the applicant', () => {
    const parties = partiesOf('Mensah Barristers\n12 Bay Street, Toronto ON\n\nDear Officer,\n\nWe act for the applicant in this application.\n\nThe documents are enclosed.\n\nYours truly,\nAbena Mensah');
    expect(parties).toContainEqual(['counsel', 'Abena Mensah']);
    expect(parties).not.toContainEqual(['applicant', 'Abena Mensah']);
    const firmBelow = partiesOf('Dear Officer,\n\nPlease find the submissions enclosed.\n\nThe applicant relies on them.\n\nSincerely,\nLucas Brandt\nBrandt & Ochoa LLP\nBarristers and Solicitors');
    expect(firmBelow).toContainEqual(['counsel', 'Lucas Brandt']);
  });
});

describe('two people declaring together', () => {
  it('takes the one whose home is in Canada (a province named after the town) for the sponsor, with no status stated', () => {
    const parties = partiesOf('STATUTORY DECLARATION OF COMMON-LAW UNION\n\nWe, Marcus Lindgren, of Regina, Saskatchewan, and Adaeze Okafor, of Enugu, Nigeria, solemnly declare that we have lived together since 2021.');
    expect(parties).toEqual(expect.arrayContaining([['sponsor', 'Marcus Lindgren'], ['applicant', 'Adaeze Okafor']]));
    const french = partiesOf("Nous, Awa Konaté, de Bamako (Mali), et Rémi Gagné, de Trois-Rivières (Québec), déclarons solennellement ce qui suit : nous vivons ensemble depuis 2020.");
    expect(french).toEqual(expect.arrayContaining([['sponsor', 'Rémi Gagné'], ['applicant', 'Awa Konaté']]));
  });

  it('never takes a declaration\'s title for an employer\'s letterhead', () => {
    const parties = partiesOf("DÉCLARATION SOLENNELLE D'UNION DE FAIT\n\nNous déclarons que Madame travaille pour son emploi à Sudbury depuis 2022.");
    expect(parties.filter(([role]) => role === 'employer')).toEqual([]);
  });
});

describe('the appellant before the Immigration Appeal Division', () => {
  it('is the sponsor in a sponsorship appeal (IRPA 63(1)) and the person concerned in a removal order appeal (IRPA 63(3))', () => {
    expect(partiesOf("SECTION D'APPEL DE L'IMMIGRATION\nAppelant : Karim BENSALEM\nIntimé : Ministre de la Citoyenneté et de l'Immigration\nAppel du refus d'une demande de parrainage.")).toContainEqual(['sponsor', 'Karim BENSALEM']);
    expect(partiesOf('IMMIGRATION APPEAL DIVISION\nAppellant: Devon Clarke\nRespondent: Minister of Public Safety\nAppeal from a deportation order made at an admissibility hearing.')).toContainEqual(['applicant', 'Devon Clarke']);
  });
});

