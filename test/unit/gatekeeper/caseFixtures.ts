/**
 * A fictional outland spousal sponsorship (sponsor in Gatineau, applicant in the Philippines), written
 * for the consistency checks. Every name, number and address is invented. `clean` texts agree with
 * each other; the `with…` helpers plant one inconsistency at a time.
 */

export const SCHEDULE_A = `IMM 5669 (E)
SCHEDULE A - BACKGROUND / DECLARATION
(Text rendering of the completed form)

1. PERSONAL DETAILS
Family name: VILLANUEVA
Given name(s): Lourdes Anne
Date of birth: 1993-11-08
Place of birth: Quezon City, Philippines

2. BACKGROUND QUESTIONS
Have you, or any of your family members listed on your application, ever:
(c) made previous claims for refugee protection in Canada or at a Canadian visa office abroad? No
(d) been refused refugee status, an immigrant or permanent resident visa or a visitor or
    temporary resident visa, to Canada or any other country or territory? No
(e) been refused admission to, or ordered to leave, Canada or any other country? No
(j) been detained, incarcerated or put in jail? No

4. PERSONAL HISTORY (past 10 years, no gaps)
2015-06 to 2019-03   Nursing aide, St. Brigid Medical Center (fictional), Quezon City
2019-04 to present   Staff nurse, Marikina Valley Hospital (fictional), Marikina City

DECLARATION
I declare that the information I have given in this form is truthful, complete and correct.
Signature: [signed electronically] Lourdes Anne Villanueva
Date: 2024-09-15`;

export const REFUSAL_LETTER = `Immigration, Refugees and Citizenship Canada
Date: 2022-04-11
Application number: V000000123
Office: Manila

LOURDES ANNE VILLANUEVA
Date of birth: 1993-11-08

Dear LOURDES ANNE VILLANUEVA:
I have reviewed your application for a temporary resident visa and the documents you submitted.
After a careful review, I am refusing your application.
I am not satisfied that you will leave Canada at the end of your stay, as required by
paragraph 179(b) of the IRPR, given your family ties in Canada and the purpose of your visit.
Migration Officer, Manila`;

export const SPONSORSHIP_FORM = `IMM 1344 (E)
APPLICATION TO SPONSOR, SPONSORSHIP AGREEMENT AND UNDERTAKING

PART 1 - SPONSOR
Family name: TREMBLAY
Given name(s): Marc-Andre
Date of birth: 1986-03-22
Current marital status: Married
Date of marriage: 2023-05-20
Previous marriages or common-law relationships: None
Residential address: 1450 Boulevard Saint-Joseph, Gatineau, Quebec J8Z 0A0

PART 3 - PERSON BEING SPONSORED
Family name: VILLANUEVA
Given name(s): Lourdes Anne
Date of birth: 1993-11-08

Signature of sponsor: [signed electronically] Marc-Andre Tremblay   Date: 2024-09-20`;

export const RELATIONSHIP_FORM = `IMM 5532 (E)
RELATIONSHIP INFORMATION AND SPONSORSHIP EVALUATION

PART A - SPONSOR AND PRINCIPAL APPLICANT
Sponsor: TREMBLAY, Marc-Andre   Date of birth: 1986-03-22
Principal applicant: VILLANUEVA, Lourdes Anne   Date of birth: 1993-11-08

PART B - RELATIONSHIP INFORMATION
Date the relationship began: 2020-11-02
Date we first met in person: 2021-08-14
Date of marriage: 2023-05-20
We have lived together during every visit Marc-Andre made to Quezon City.
Number of children: 0

DECLARATION
Sponsor: [signed electronically] Marc-Andre Tremblay   Date: 2024-09-18`;

export const MARRIAGE_CERTIFICATE = `REPUBLIC OF THE PHILIPPINES
CERTIFICATE OF MARRIAGE (fictional record)
Registry No.: 2023-0000-0520

HUSBAND
Name: Marc-Andre TREMBLAY
Date of birth: 22 March 1986
Civil status: Single

WIFE
Name: Lourdes Anne VILLANUEVA
Date of birth: 08 November 1993
Civil status: Single

Date of marriage: 20 May 2023
Place of marriage: Parish of San Roque, Marikina City`;

export const EMPLOYMENT_LETTER = `MARIKINA VALLEY HOSPITAL (fictional)
Sumulong Highway, Marikina City, Metro Manila
Date: 2024-08-30

CERTIFICATE OF EMPLOYMENT
This certifies that Ms. Lourdes Anne Villanueva has been employed by Marikina Valley Hospital
since 1 April 2019 in the position of Staff Nurse, full time.
Her current monthly salary is PHP 38,500.00.
Signed, Human Resources Department`;

export const SUBMISSION_LETTER = `HARBOURLINE IMMIGRATION CONSULTING (fictional)
Date: 2024-09-25
Re: Sponsorship of a spouse - submissions

Dear Officer,
We act for the sponsor, Marc-Andre Tremblay, and the principal applicant, Lourdes Anne Villanueva.
The couple met online in November 2020 and married on 20 May 2023 before 80 guests.
Ms. Villanueva has travelled to Singapore and Hong Kong with her husband.
We respectfully ask that the application be assessed on the whole of the evidence.`;

export const CHAT_EXCERPT = `COMMUNICATION RECORDS - chat export (excerpt)
[2021-08-15, 08:02] Marc-Andre: Best first meeting ever
[2022-04-12, 07:40] Lourdes: They refused my visa. The letter says they are not sure I will go home
[2022-04-12, 07:45] Marc-Andre: We will find another way
[2024-09-14, 21:10] Lourdes: I am filling the background form now`;

export interface FixtureDoc {
  name: string;
  type: import('../../../lambdas/contracts/intakeOutput').DocumentType;
  text: string;
}

/** The consistent spousal file (no refusal in it; every date and name agrees). */
export function consistentSpousalFile(): FixtureDoc[] {
  return [
    { name: 'imm5669-schedule-a.txt', type: 'imm-5669', text: SCHEDULE_A },
    { name: 'imm1344-sponsorship.txt', type: 'imm-1344', text: SPONSORSHIP_FORM },
    { name: 'imm5532-relationship.txt', type: 'imm-5532', text: RELATIONSHIP_FORM },
    { name: 'marriage-certificate.txt', type: 'marriage-certificate', text: MARRIAGE_CERTIFICATE },
    { name: 'employment-certificate.txt', type: 'employment-letter', text: EMPLOYMENT_LETTER },
    { name: 'submission-letter.txt', type: 'submission-letter', text: SUBMISSION_LETTER },
  ];
}

/** Replaces `from` by `to` in the named document's text (the replacement must take). */
export function edit(docs: FixtureDoc[], name: string, from: string, to: string): FixtureDoc[] {
  return docs.map((d) => {
    if (d.name !== name) return d;
    if (!d.text.includes(from)) throw new Error(`fixture ${name} has no "${from}"`);
    return { ...d, text: d.text.replace(from, to) };
  });
}
