/**
 * Case-file documents written by this team for the readers' specifications, in the formats files
 * arrive in (IRCC forms transcribed "Field: value", employer letters, bank statements, salary and
 * employment certificates, consular notices, e-mails, tables), from several countries, in English
 * and French. Names, numbers and events are invented. Each lists every date and amount a careful
 * reader would take from it, and nothing else.
 */
export interface VariationDocument {
  name: string;
  language: 'en' | 'fr';
  /** The document's currency, as the fact reader knows it from the country. */
  currency?: string;
  text: string;
  /** ISO readings, in order; `a|b` for a numeric date the document cannot settle. */
  dates: string[];
  /** "amount CURRENCY[/per]", in order. */
  money: string[];
}

export const VARIATION_DOCUMENTS: VariationDocument[] = [
  {
    name: 'visitor form transcribed (IMM 5257)',
    language: 'en',
    text: [
      'Application for Temporary Resident Visa (IMM 5257) E (10-2023)',
      'UCI: 1122-3344',
      'Family name: OKAFOR    Given name(s): Chidinma',
      'Date of birth (YYYY-MM-DD): 1989-11-02',
      'Passport number: A07654321    Expiry date: 2031-04-15',
      'Telephone: +234 803 555 0147',
      'Purpose of visit: family visit    From: 2025-07-01    To: 2025-08-15',
      'Funds available for my stay (CAD): $6,500',
      'Previous travel: 2019-06 to 2019-07 United Kingdom; 2022-12 Ghana',
      'Have you ever been refused a visa? No',
      'Signature date: 2025-03-28',
    ].join('\n'),
    dates: ['1989-11-02', '2031-04-15', '2025-07-01', '2025-08-15', '2019-06', '2019-07', '2022-12', '2025-03-28'],
    money: ['6500 XXX'],
  },
  {
    name: 'employer letter, Quebec, French',
    language: 'fr',
    currency: 'CAD',
    text: [
      'Montréal, le 1er mars 2024',
      'Objet : attestation d’emploi',
      'Nous confirmons que M. Karim Benali occupe le poste de technicien en génie civil au sein de notre entreprise depuis le 15 janvier 2019, à temps plein (40 heures par semaine).',
      'Son salaire annuel est de 62 500 $ CA, versé aux deux semaines. Il a bénéficié d’une prime de 3 000 $ en décembre 2023.',
      'Pour toute question : 514 555-0182, poste 214.',
    ].join('\n'),
    dates: ['2024-03-01', '2019-01-15', '2023-12'],
    money: ['62500 CAD/year', '3000 CAD'],
  },
  {
    name: 'bank statement, Kenya',
    language: 'en',
    currency: 'KES',
    text: [
      'EQUATORIAL SAVINGS BANK LTD — Nairobi',
      'Account statement   Currency: KES   Period: 01/07/2024 - 31/12/2024',
      'Date        Narration                       Debit        Credit        Balance',
      '01/07/2024  BALANCE B/F                                               212,400.00',
      '15/07/2024  MPESA DEPOSIT                                45,000.00     257,400.00',
      '03/08/2024  SCHOOL FEES PAYMENT          38,500.00                    218,900.00',
      '28/11/2024  SALARY NOV                                   96,250.00     315,150.00',
      'Closing balance as at 31/12/2024: KES 315,150.00',
    ].join('\n'),
    dates: ['2024-07-01', '2024-12-31', '2024-07-01', '2024-07-15', '2024-08-03', '2024-11-28', '2024-12-31'],
    money: ['315150 KES'],
  },
  {
    name: 'salary certificate, India',
    language: 'en',
    currency: 'INR',
    text: [
      'SALARY CERTIFICATE',
      'Date: 12/04/2024',
      'This is to certify that Ms. Ananya Rao, Employee Code 40417, has been working with us since 23/08/2016 as Senior Analyst.',
      'Her gross salary is Rs. 9,60,000 per annum (Rs. 80,000 per month). She also holds a fixed deposit of ₹ 4.5 lakh with our staff cooperative.',
      'Ref: HR/2024/117',
    ].join('\n'),
    dates: ['2024-04-12', '2016-08-23'],
    money: ['960000 INR/year', '80000 INR/month', '450000 INR'],
  },
  {
    name: 'certificate of employment, Philippines',
    language: 'en',
    currency: 'PHP',
    text: [
      'CERTIFICATE OF EMPLOYMENT',
      'This is to certify that MARIA LOURDES SANTOS has been employed by Bayanihan Health Services, Inc. as Staff Nurse from March 2017 to present, with a monthly salary of ₱45,000.00.',
      'This certification is issued upon her request for visa purposes.',
      'Issued this 5th day of February, 2024 at Makati City, Philippines.',
    ].join('\n'),
    dates: ['2017-03', '2024-02-05'],
    money: ['45000 PHP/month'],
  },
  {
    name: 'consular notice, United States (month first)',
    language: 'en',
    currency: 'USD',
    text: [
      'U.S. Embassy — Nonimmigrant Visa Unit',
      'Date: 11/18/2023',
      'Your application was refused under section 214(b) of the Immigration and Nationality Act.',
      'You may reapply at any time; the application fee of US$185 is not refundable. Your next appointment, if any, would be on 01/09/2024.',
    ].join('\n'),
    dates: ['2023-11-18', '2024-01-09'],
    money: ['185 USD'],
  },
  {
    name: 'refusal notice, Schengen consulate, French',
    language: 'fr',
    currency: 'XOF',
    text: [
      'Dakar, le 3 juin 2023',
      'Refus de visa — formulaire 2023-118',
      'Motif : vous n’avez pas justifié de moyens de subsistance suffisants (relevé présentant un solde de 850 000 FCFA) ; séjour prévu du 10 juillet au 25 juillet 2023.',
      'Vous pouvez introduire un recours dans un délai de 30 jours.',
    ].join('\n'),
    // "du 10 juillet au 25 juillet 2023": the first day's year is written once, on the second.
    dates: ['2023-06-03', '2023-07-10', '2023-07-25'],
    money: ['850000 XOF'],
  },
  {
    name: 'e-mail between spouses',
    language: 'en',
    text: [
      'From: Daniel Mensah <d.mensah@example.com>',
      'Sent: Tuesday, October 8, 2024 3:15 PM',
      'Subject: flights',
      'Hi love, I booked the flights for December. We have been together since 2020 and I still miss you every day. I sent the $2,500 for the wedding hall yesterday; the rest (about 1,200 euros) next week. Call me at 647-555-0133.',
    ].join('\n'),
    dates: ['2024-10-08', '2020'],
    money: ['2500 XXX', '1200 EUR'],
  },
  {
    name: 'employment history table',
    language: 'en',
    text: [
      '| Period | Employer | Position | Salary |',
      '|---|---|---|---|',
      '| 2016–2019 | Lakeside Foods | Line cook | CAD 16.50/hr |',
      '| 2019-09 to 2023-02 | Harbour Grill | Cook | $19.25 per hour |',
      '| Since April 2023 | Maple Bistro | Sous-chef | $52,000 annual |',
    ].join('\n'),
    dates: ['2016', '2019', '2019-09', '2023-02', '2023-04'],
    money: ['16.5 CAD/hour', '19.25 XXX/hour', '52000 XXX/year'],
  },
  {
    name: 'relationship statement, French',
    language: 'fr',
    currency: 'EUR',
    text: [
      'Nous nous sommes rencontrés en 2017 à Lyon, lors d’un mariage. Nous avons emménagé ensemble en septembre 2018 au 12, rue des Lilas, appartement 2019.',
      'Nous nous sommes mariés le 14/02/2021. Mon épouse gagne 2 400 € par mois.',
      'Voir la décision Martin c. Canada, 2019 CF 1187.',
    ].join('\n'),
    dates: ['2017', '2018-09', '2021-02-14'],
    money: ['2400 EUR/month'],
  },
  {
    name: 'sponsor undertaking, unsettled numeric dates',
    language: 'en',
    currency: 'CAD',
    text: [
      'Sponsorship evaluation',
      'Date signed: 03/04/2024',
      'Total income (line 15000) for the last tax year: $48,900',
      'Page 2 of 4',
    ].join('\n'),
    dates: ['2024-04-03|2024-03-04'],
    money: ['48900 CAD/year'],
  },
];
