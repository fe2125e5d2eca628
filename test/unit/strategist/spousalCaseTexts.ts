/**
 * Synthetic spousal-sponsorship files (every person, place and number is invented). Dates are
 * written the way real files mix them: ISO, day/month/year, "May 20, 2023", "20 May 2023".
 */
import type { TextDocument } from './strategistFixtures';

/** Sofia Marchetti (Canadian citizen, Ottawa) sponsors Arjun Mehta (India): a long, documented relationship. */
export const STRONG_SPOUSAL: TextDocument[] = [
  {
    name: 'imm1344-sponsor.txt',
    text: `IMM 1344 (E)
APPLICATION TO SPONSOR, SPONSORSHIP AGREEMENT AND UNDERTAKING
Sponsorship category: Family Class - spouse, living outside Canada

PART 1 - SPONSOR
Family name: MARCHETTI
Given name(s): Sofia Elena
Date of birth: 1990-02-11
Status in Canada: Canadian citizen
Current marital status: Married
Date of marriage: 2023-05-20
Residential address: 88 Cobourg Street, Ottawa, Ontario K1N 0A0

PART 2 - ELIGIBILITY OF THE SPONSOR
8.  Are you in default of a previous sponsorship undertaking? No
11. Were you yourself sponsored as a spouse or partner and became a permanent resident less than
    five years ago? No
12. Have you previously sponsored a spouse or partner and the undertaking has not yet ended? No

Signature of sponsor: [signed electronically] Sofia Elena Marchetti   Date: 2025-11-04
`,
  },
  {
    name: 'imm5532-relationship.txt',
    text: `IMM 5532 (E)
RELATIONSHIP INFORMATION AND SPONSORSHIP EVALUATION
Sponsor: MARCHETTI, Sofia Elena
Principal applicant: MEHTA, Arjun Vikram   Date of birth: 1989-07-30

1. When did your relationship begin and how did you first come into contact?
   We first met on 14/03/2019 at a data-science workshop in Bengaluru, where Sofia was presenting
   and Arjun ran the local organising team. We kept writing to each other after the workshop.

2. Did anyone introduce you? No. Did you use a marriage agency or broker? No.

3. List all the times you have spent together in person.
   - 2019-03-14 to 2019-03-22 (Bengaluru, the workshop week)
   - 2019-12-20 to 2020-01-06 (Pune, Arjun's family home; Sofia met his parents and sister)
   - 2021-10-02 to 2021-11-28 (Ottawa, Arjun on a visitor visa; met Sofia's mother and brother)
   - 2022-01-10 to 2022-12-15 (Pune, Sofia working remotely; we rented a flat together)
   - 2023-05-12 to 2023-06-10 (Ottawa, the wedding)

4. Engagement: Arjun proposed on 12 August 2022 in Lonavala. Both families were told that evening.

5. Marriage: May 20, 2023, Ottawa City Hall, followed by a reception with 85 guests at the
   Marchetti family home. Arjun's parents and sister travelled from Pune to attend.

6. Have you lived together? Yes. We lived together in Pune from 2022-01-10 to 2022-12-15 under a
   joint lease, and we live together whenever Arjun visits Ottawa.

7. Do you have children together? No. We would like to start a family once Arjun is in Canada.

8. How do you support each other financially?
   We hold a joint savings account at Rideau Valley Credit Union since 2022-02-01 and share the
   rent and bills. Sofia also sends money every month for Arjun's share of his parents' medical costs.

9. Who in your families knows about your relationship?
   Everyone. Sofia's mother works as a nurse in Ottawa and calls Arjun every Sunday; Arjun's sister
   Kavya works at a bank in Pune and visited Sofia in Ottawa in 2024. Arjun plans to finish his
   cloud-architecture certificate before he moves.

Sponsor: [signed electronically] Sofia Elena Marchetti   Date: 2025-11-04
Principal applicant: [signed electronically] Arjun Vikram Mehta   Date: 2025-11-03
`,
  },
  {
    name: 'imm5669-applicant.txt',
    text: `IMM 5669 (E)
SCHEDULE A - BACKGROUND / DECLARATION
Family name: MEHTA
Given name(s): Arjun Vikram
Date of birth: 1989-07-30
Citizenship: India

Have you, or any of your family members listed on your application, ever:
(d) been refused refugee status, an immigrant or permanent resident visa or a visitor or temporary
    resident visa, to Canada or any other country or territory? No
(e) been refused admission to, or ordered to leave, Canada or any other country or territory? No

Signature: [signed electronically] Arjun Vikram Mehta
Date: 2025-11-03
`,
  },
  {
    name: 'marriage-certificate.txt',
    text: `PROVINCE OF ONTARIO
MARRIAGE CERTIFICATE
Registration number: 2023-00-000417
Name of groom: Arjun Vikram MEHTA
Name of bride: Sofia Elena MARCHETTI
Date of marriage: 20 May 2023
Place of marriage: Ottawa, Ontario
Witnesses: Kavya Mehta; Luca Marchetti
`,
  },
  {
    name: 'joint-lease-pune.txt',
    text: `LEAVE AND LICENCE AGREEMENT (RESIDENTIAL TENANCY AGREEMENT)
Flat 12B, Koregaon Park Residency, Pune 411001
Licensor: Mrs. Meera Deshpande
Licensees (tenants): Arjun Vikram MEHTA and Sofia Elena MARCHETTI, jointly
Term: 2022-01-10 to 2022-12-31
Monthly licence fee: INR 38,000.00, payable by the licensees jointly
`,
  },
  {
    name: 'chat-history-whatsapp.txt',
    text: `COMMUNICATION RECORDS - WhatsApp chat export (excerpt)
[2019-03-23, 08:02] Sofia: Landed in Frankfurt. Already missing the workshop chaos
[2019-06-14, 21:40] Arjun: Sending you the notebook from today's meetup
[2019-12-21, 07:15] Sofia: Your mother's chai is the best thing I have ever tasted
[2020-05-02, 19:30] Arjun: Lockdown day 40. Video call at 9?
[2020-11-18, 22:10] Sofia: Happy birthday to your dad from all of us here
[2021-10-02, 14:05] Arjun: Boarding now. See you in Ottawa!
[2022-03-09, 18:20] Sofia: Rent paid from the joint account
[2022-08-12, 23:59] Sofia: YES. A thousand times yes
[2023-05-20, 17:45] Arjun: Best day of my life, wife
[2024-02-14, 09:00] Sofia: Nine months married. Flights for April booked
[2025-09-30, 20:30] Arjun: Police certificate is ready, sending the scan tonight
`,
  },
  {
    name: 'lettre-appui-famille.txt',
    text: `Lettre d'appui - Giulia Marchetti
Ottawa, le 3 novembre 2025

Je suis la mère de Sofia. J'ai fait la connaissance d'Arjun en octobre 2021. Toute notre famille
a assisté au mariage le 20 mai 2023, et les parents d'Arjun ont fait le voyage depuis Pune.
Ils vivent ensemble chaque fois qu'Arjun vient au Canada.
`,
  },
];

/**
 * Viktor Dragan (Canadian citizen, Winnipeg) sponsors Chiamaka Obi (Nigeria): married weeks after
 * meeting, through a paid agency, no shared language, never lived together, and the two accounts
 * of the relationship disagree.
 */
export const WHIRLWIND_SPOUSAL: TextDocument[] = [
  {
    name: 'imm1344-sponsor.txt',
    text: `IMM 1344 (E)
APPLICATION TO SPONSOR, SPONSORSHIP AGREEMENT AND UNDERTAKING
Family name: DRAGAN
Given name(s): Viktor
Date of birth: 1968-09-02
Status in Canada: Canadian citizen
Date of marriage: 2024-02-24
11. Were you yourself sponsored as a spouse or partner and became a permanent resident less than
    five years ago? No
12. Have you previously sponsored a spouse or partner and the undertaking has not yet ended? No
Signature of sponsor: [signed electronically] Viktor Dragan   Date: 2024-06-10
`,
  },
  {
    name: 'imm5532-relationship.txt',
    text: `IMM 5532 (E)
RELATIONSHIP INFORMATION AND SPONSORSHIP EVALUATION
Sponsor: DRAGAN, Viktor
Principal applicant: OBI, Chiamaka Adaeze   Date of birth: 1999-04-17

1. When did your relationship begin?
   We first met on 2024-01-05 through the Golden Union introduction service.
2. Did you use a marriage agency or broker?
   Yes. I paid a fee of USD 3,000 to the Golden Union marriage agency to arrange the introduction.
3. Languages: we communicate using a translation app because we do not speak a common language.
4. Marriage: 2024-02-24, Ikeja Marriage Registry, Lagos.
5. Have you lived together? No
6. Wedding: only two witnesses from the registry attended; our families did not attend.
Sponsor: [signed electronically] Viktor Dragan   Date: 2024-06-10
`,
  },
  {
    name: 'applicant-statement.txt',
    text: `Statement of the principal applicant - Chiamaka Adaeze Obi
Lagos, June 3, 2024

I met Viktor on 2023-11-20 when he wrote to me on a social media site. We got married on
24 February 2024 at the Ikeja registry. We lived together in Lagos for two weeks after the
wedding, in a hotel near the airport, before he flew back to Winnipeg.
`,
  },
  {
    name: 'marriage-certificate.txt',
    text: `FEDERAL REPUBLIC OF NIGERIA
CERTIFICATE OF MARRIAGE
Marriage registry: Ikeja, Lagos State
Husband: Viktor DRAGAN
Wife: Chiamaka Adaeze OBI
Date of marriage: 24/02/2024
`,
  },
  {
    name: 'imm5669-applicant.txt',
    text: `IMM 5669 (E)
SCHEDULE A - BACKGROUND / DECLARATION
Family name: OBI
Given name(s): Chiamaka Adaeze
Date of birth: 1999-04-17
Citizenship: Nigeria
(d) been refused a visitor or temporary resident visa, to Canada or any other country? No
Date: 2024-06-08
`,
  },
];
