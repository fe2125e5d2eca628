import { partiesOf } from './partiesOf';

describe('who is who: parties and their roles', () => {
  it('reads a marriage the same sentence says ended as a previous spouse, and a marriage after a divorce as the spouse (EN and FR)', () => {
    expect(partiesOf('Précisions : la répondante a épousé Jean-Luc Bergeron le 4 mai 2003 à Lévis ; le divorce a été prononcé le 9 novembre 2010.')).toContainEqual(['previous-spouse', 'Jean-Luc Bergeron']);
    expect(partiesOf('Details: the sponsor married Olumide Bankole in Lagos in 2006; the divorce was granted in 2013.')).toContainEqual(['previous-spouse', 'Olumide Bankole']);
    const remarried = partiesOf('After my divorce was granted in 2014, I married Teodora Vasilescu in Iasi on 3 June 2019.');
    expect(remarried).not.toContainEqual(['previous-spouse', 'Teodora Vasilescu']);
  });

  it('reads several fields on one line, as a PDF text layer joins them, with the family name put last', () => {
    expect(partiesOf('Sponsor: Ewa Maria Kowalska Principal applicant: MENSAH, Kofi Adjei Date of birth: 1990-01-02')).toEqual(
      expect.arrayContaining([['sponsor', 'Ewa Maria Kowalska'], ['applicant', 'Kofi Adjei MENSAH']]),
    );
    expect(partiesOf('Nom de famille : RAMÍREZ      Prénom(s) : Ana Lucía      Citoyenneté : Pérou')).toEqual(expect.arrayContaining([['applicant', 'Ana Lucía RAMÍREZ']]));
  });

  it('reads the sponsored person, the employer and the school from their labels (EN and FR)', () => {
    expect(partiesOf('Répondant : Marc-André Tremblay    Personne parrainée : Lindiwe Dube (épouse)\nEmployeur au Canada : Forage Nordique inc.\nÉtablissement : Cégep de Rimouski, Rimouski')).toEqual(
      expect.arrayContaining([['sponsor', 'Marc-André Tremblay'], ['applicant', 'Lindiwe Dube'], ['employer', 'Forage Nordique inc.'], ['school', 'Cégep de Rimouski']]),
    );
  });

  it('reads invited parents as applicants and the author of an invitation as the inviter', () => {
    const parties = partiesOf('I, Grace Wambui Kamau, Canadian citizen, invite my parents, Mr. Peter Kamau Njoroge and Mrs. Lucy Wanjiku Kamau, to visit me in Calgary.');
    expect(parties).toEqual(expect.arrayContaining([['inviter', 'Grace Wambui Kamau'], ['applicant', 'Peter Kamau Njoroge'], ['applicant', 'Lucy Wanjiku Kamau']]));
  });

  it('reads a relative by apposition as someone else, never as the applicant', () => {
    const parties = partiesOf('Nous certifions que M. Rajesh Kumar Menon, père de Mlle Anjali Rajesh Menon, détient dans nos livres un compte d\'épargne.');
    expect(parties).toEqual(expect.arrayContaining([['other', 'Rajesh Kumar Menon'], ['applicant', 'Anjali Rajesh Menon']]));
    expect(parties).not.toContainEqual(['applicant', 'Rajesh Kumar Menon']);
  });

  it('reads counsel named in an officer\'s notes, and a former spouse', () => {
    expect(partiesOf('Procedural fairness letter sent to the applicant and counsel (Priya Raman, RCIC).')).toContainEqual(['counsel', 'Priya Raman']);
    expect(partiesOf('Lettre envoyée à sa représentante, Me Isabelle Gagnon, le 3 mai.')).toContainEqual(['counsel', 'Isabelle Gagnon']);
    expect(partiesOf('Sponsor: previously married to Hanna Berit Lund, divorced 2015-06-01.')).toContainEqual(['previous-spouse', 'Hanna Berit Lund']);
  });

  it('reads the employer from a letterhead and the sponsor as the subject of a letter supporting the sponsorship of his spouse', () => {
    const parties = partiesOf(
      'TECHNO-FORGE QUÉBEC INC. - 12, rue du Port, Sept-Îles\n\nAttestation d\'emploi\n\nNous confirmons que M. Julien Bernier est à notre emploi depuis 2016. Cette attestation est remise à l\'appui du parrainage de son épouse, Mme Chen Xiaoling.',
    );
    expect(parties).toEqual(expect.arrayContaining([['employer', 'TECHNO-FORGE QUÉBEC INC.'], ['sponsor', 'Julien Bernier'], ['applicant', 'Chen Xiaoling']]));
  });

  it('reads the addressee of a decision as the applicant, but not "Dear Visa Officer"', () => {
    expect(partiesOf('Dear Ms. Thandiwe Nomsa Khumalo,\n\nYour application for a study permit has been refused.')).toContainEqual(['applicant', 'Thandiwe Nomsa Khumalo']);
    expect(partiesOf('Dear Visa Officer,\n\nI am writing in support of my application.').filter(([role]) => role === 'applicant')).toEqual([]);
  });

  it('reads a school named by the applicant, but not one another person attends', () => {
    expect(partiesOf('I was admitted to the nursing program at Red River College Polytechnic in Winnipeg.')).toContainEqual(['school', 'Red River College Polytechnic']);
    expect(partiesOf('My sister studies at Dalhousie University in Halifax.').filter(([role]) => role === 'school')).toEqual([]);
  });

  it('keeps a sponsor\'s brother refused elsewhere as someone else', () => {
    const parties = partiesOf('Re: Sponsorship of my wife, Mariam Tesfaye Alemu\n\nMy brother, Dawit Tesfaye, was refused a visa by another country in 2019. I am sponsoring my wife alone.');
    expect(parties).toEqual(expect.arrayContaining([['applicant', 'Mariam Tesfaye Alemu'], ['other', 'Dawit Tesfaye']]));
  });
});

describe('who is who: names outside the form fields', () => {
  it('reads the parties a contract defines, in English and French', () => {
    expect(partiesOf('EMPLOYMENT AGREEMENT\nThis Agreement is made between Harbourview Marine Services Ltd. (the "Employer") and Joseph Mwangi Kariuki (the "Employee").\nThe Employee will work as a deckhand.')).toEqual(
      expect.arrayContaining([['employer', 'Harbourview Marine Services Ltd.'], ['applicant', 'Joseph Mwangi Kariuki']]),
    );
    expect(partiesOf('CONTRAT DE TRAVAIL\nLe présent contrat est conclu entre Fromagerie du Lac inc. (l’« Employeur ») et M. Pedro Alves Costa (l’« Employé »).')).toEqual(
      expect.arrayContaining([['employer', 'Fromagerie du Lac inc.'], ['applicant', 'Pedro Alves Costa']]),
    );
  });

  it('reads an addressee greeted by title and family name only, but not "Dear Sir" nor "Madame, Monsieur"', () => {
    expect(partiesOf('Immigration, Refugees and Citizenship Canada\n\nDear Mr. Haddad:\n\nWe have received your application.')).toEqual([['applicant', 'Haddad']]);
    expect(partiesOf('Immigration, Réfugiés et Citoyenneté Canada\n\nMadame Kouassi,\n\nNous avons reçu votre demande.')).toEqual([['applicant', 'Kouassi']]);
    expect(partiesOf('Immigration, Refugees and Citizenship Canada\n\nDear Sir,\n\nWe have received your application.')).toEqual([]);
    expect(partiesOf('Immigration, Réfugiés et Citoyenneté Canada\n\nMadame, Monsieur,\n\nNous avons reçu votre demande.')).toEqual([]);
  });

  it('reads the signature under a closing formula as the one who writes, and the name a subject line gives the application', () => {
    expect(partiesOf('To the officer,\n\nRe: Sponsorship of my wife\n\nMy wife lives in Accra with her parents.\nPlease consider our application.\n\nYours sincerely,\n\nDaniel Okonkwo-Reid')).toEqual([['sponsor', 'Daniel Okonkwo-Reid']]);
    expect(partiesOf('Objet : demande de visa de résident temporaire - Aminata Coulibaly Traoré\n\nMotif du séjour : congrès à Montréal.\n\nVeuillez agréer mes salutations distinguées.\nA. C. Traoré')).toEqual([['applicant', 'Aminata Coulibaly Traoré']]);
  });

  it('does not take the signature of an employer’s letter for the applicant', () => {
    const letter = 'Northwind Logistics Inc.\nEMPLOYMENT LETTER\n\nThis is to confirm that Ms. Grace Achieng Otieno has been employed by Northwind Logistics Inc. since 2019 as a dispatcher.\n\nSincerely,\nRobert Lindqvist';
    expect(partiesOf(letter)).not.toContainEqual(['applicant', 'Robert Lindqvist']);
  });

  it('gives the name fields under a form section the section’s role ("Section A - Sponsor", « Personne parrainée »)', () => {
    expect(partiesOf('Section A - Sponsor\nFamily name: WEBER\nGiven name(s): Stefan\n\nSection B - Person sponsored (spouse, common-law partner or conjugal partner)\nFamily name: OYELARAN\nGiven name(s): Funmilayo Grace')).toEqual(
      expect.arrayContaining([['sponsor', 'Stefan WEBER'], ['applicant', 'Funmilayo Grace OYELARAN']]),
    );
    expect(partiesOf('Section A - Répondante\nNom de famille : LAVOIE\nPrénom(s) : Geneviève\n\nSection B - Personne parrainée\nNom de famille : DIALLO\nPrénom(s) : Ousmane')).toEqual(
      expect.arrayContaining([['sponsor', 'Geneviève LAVOIE'], ['applicant', 'Ousmane DIALLO']]),
    );
  });

  it('reads a school named after a French elided article (« de l’Université Laval »)', () => {
    expect(partiesOf('J’ai été admise au baccalauréat en génie civil de l’Université Laval pour la session d’automne.')).toContainEqual(['school', 'Université Laval']);
  });
});
