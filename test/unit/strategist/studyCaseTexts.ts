/** Synthetic study-permit files (every person, institution and number is invented). */
import type { TextDocument } from './strategistFixtures';

/**
 * Md. Rafiqul Hasan (Bangladesh), 34, with an MBA and no current work, applies again for a culinary
 * diploma after a refusal on ties and funds; a large cash deposit appeared weeks before the statement
 * ends, and his plan is to settle near his brother in Toronto.
 */
export const WEAK_STUDY: TextDocument[] = [
  {
    name: 'imm1294-application.txt',
    text: `IMM 1294 (E)
APPLICATION FOR STUDY PERMIT MADE OUTSIDE OF CANADA
1. Full name
   Family name: HASAN
   Given name(s): Md. Rafiqul
4. Date of birth: 15/09/1991
6. Citizenship: Bangladesh
7. Current country of residence: Bangladesh
10. Current marital status: Never married / single

---------------------------------------------------------------------
DETAILS OF INTENDED STUDY IN CANADA
---------------------------------------------------------------------
Name of institution: Lakeshore Institute of Hospitality (fictional)
Level of study: College - diploma
Field of study: Culinary Management (Ontario College Diploma, 2 years)
Funds available for my stay: CAD 42,000

---------------------------------------------------------------------
EDUCATION
---------------------------------------------------------------------
From 2013-01 To 2016-12   Master of Business Administration (Finance), Dhaka Commerce University
From 2009-01 To 2012-12   Bachelor of Business Administration, Dhaka Commerce University

---------------------------------------------------------------------
EMPLOYMENT
---------------------------------------------------------------------
2024-09 to present   Unemployed
2017-02 to 2024-08   Credit Analyst, Padma Textile Traders Ltd., Dhaka

---------------------------------------------------------------------
BACKGROUND INFORMATION
---------------------------------------------------------------------
2. (b) Have you ever been refused a visa or permit, denied entry or ordered to leave Canada or
       any other country or territory? Yes
   (c) Have you previously applied to enter or remain in Canada? Yes

Signature of applicant: [signed electronically] Md. Rafiqul Hasan
Date: 2026-02-10
`,
  },
  {
    name: 'study-plan.md',
    text: `# Study Plan - Md. Rafiqul Hasan

**Program:** Culinary Management, Ontario College Diploma (2 years)

## About me
I am currently unemployed since my employer closed its Dhaka office in August 2024.

## Why Canada
My elder brother lives in Toronto with his family and has offered me a room while I study.

## After graduation
After graduating I hope to settle permanently in Canada and work as a chef in Toronto.
`,
  },
  {
    name: 'bank-statement-meghna.txt',
    text: `MEGHNA TRUST BANK LIMITED (fictional bank)
STATEMENT OF ACCOUNT
Account holder: MD RAFIQUL HASAN
Account number: 0000-0000-7788
Statement period: 01-DEC-2025 to 31-JAN-2026

DATE       DESCRIPTION                                     DEBIT        CREDIT        BALANCE
01-DEC-25  BALANCE BROUGHT FORWARD                                                  84,210.50
04-DEC-25  BKASH TRANSFER OUT                            5,000.00                   79,210.50
11-DEC-25  ATM WITHDRAWAL GULSHAN                        10,000.00                   69,210.50
19-DEC-25  DESCO ELECTRICITY BILL                         2,340.00                   66,870.50
02-JAN-26  TRANSFER FROM R KARIM                                       6,000.00     72,870.50
14-JAN-26  ATM WITHDRAWAL GULSHAN                         8,000.00                   64,870.50
28-JAN-26  CASH DEPOSIT - BRANCH COUNTER                           2,500,000.00  2,564,870.50
30-JAN-26  ACCOUNT MAINTENANCE FEE                           500.00               2,564,370.50
31-JAN-26  CLOSING BALANCE                                                       2,564,370.50
`,
  },
  {
    name: 'letter-of-acceptance.txt',
    text: `LAKESHORE INSTITUTE OF HOSPITALITY (fictional institution)
LETTER OF ACCEPTANCE - CONDITIONAL OFFER
Designated Learning Institution (DLI) number: O00000000913
Student name: Md. Rafiqul HASAN
Program: Culinary Management (Ontario College Diploma)
Credential: Ontario College Diploma
Program start date: 2026-09-08
This is a conditional offer of admission, subject to completing the English for Academic Purposes
level 4 course before the program starts.
`,
  },
  {
    name: 'refusal-letter-2025.txt',
    text: `Immigration, Refugees and Citizenship Canada
Date: 2025-07-15
Application number: S000000021

Dear MD RAFIQUL HASAN:

I have reviewed your application for a study permit. After a careful review, I am refusing your
application.

I am not satisfied that you will leave Canada at the end of your stay, as required by paragraph
216(1)(b) of the IRPR, based on:
 - your family ties in Canada and in your country of residence;
 - your personal assets and financial status.
`,
  },
];
