import { compareDates, dateOrderOf, parseCertainDate, parseDate, readDates, sameDay } from '../../../lambdas/core/text/dates';

/** The ISO readings of every date in the text. */
const isos = (text: string, options?: Parameters<typeof readDates>[1]) => readDates(text, options).map((d) => d.iso);
/** The words each date was read from. */
const spans = (text: string) => readDates(text).map((d) => text.slice(d.start, d.end));

describe('readDates: a day written with the year first is always year, month, day', () => {
  it.each([
    ['Date of birth: 1988-07-04', '1988-07-04'],
    ['Issued 2021/03/14 at Nairobi', '2021-03-14'],
    ['Expiry: 2031.11.30', '2031-11-30'],
    ['Date de naissance : 1990-02-28', '1990-02-28'],
    ['Signé le 2024-09-01 à Montréal', '2024-09-01'],
    ['Arrival 2019-1-5 (as entered)', '2019-01-05'],
    ['UCI 1234-5678 entry on 2022-12-31.', '2022-12-31'],
    ['Received: 2025/06/09; processed later', '2025-06-09'],
    ['Période : 2016-08-15', '2016-08-15'],
    ['Entered Canada (2018-05-20) on a visitor record', '2018-05-20'],
    ['submitted 2024-11-03T14:22:05Z (portal log)', '2024-11-03'],
  ])('%s → %s', (text, iso) => {
    expect(isos(text)).toEqual([iso]);
  });

  it('gives the offsets of the date in the text, and a time for comparisons', () => {
    const text = 'Signed 2021-03-14.';
    const [d] = readDates(text);
    expect(text.slice(d.start, d.end)).toBe('2021-03-14');
    expect(d).toMatchObject({ precision: 'day', year: 2021, month: 3, day: 14, time: Date.UTC(2021, 2, 14) });
  });
});

describe('readDates: written dates in English', () => {
  it.each([
    ['Signed on March 14, 2021.', '2021-03-14'],
    ['Dated 14 March 2021', '2021-03-14'],
    ['the 3rd of June, 2020', '2020-06-03'],
    ['Married on Sept. 9, 2017 in Manila', '2017-09-09'],
    ['On 1st January 2019 we moved in together', '2019-01-01'],
    ['Letter of 22 Feb 2024', '2024-02-22'],
    ['Wednesday, 5 August 2020', '2020-08-05'],
    ['DECEMBER 25, 2018', '2018-12-25'],
    ['on Oct 2 2023 the officer', '2023-10-02'],
    ['we met on 30 November 2015, in Lagos', '2015-11-30'],
    ['worked from 5 March\n2018', '2018-03-05'],
    ['Issued this 5th day of February, 2024 at Makati City', '2024-02-05'],
  ])('%s → %s', (text, iso) => {
    expect(isos(text)).toEqual([iso]);
  });
});

describe('readDates: written dates in French', () => {
  it.each([
    ['Fait à Québec, le 14 mars 2021', '2021-03-14'],
    ['le 1er mars 2021', '2021-03-01'],
    ['Mariés le 3 août 2022 à Dakar', '2022-08-03'],
    ['Date : 25 décembre 2019', '2019-12-25'],
    ['depuis le 2 février 2020, nous', '2020-02-02'],
    ['Lettre du 30 juin 2024', '2024-06-30'],
    ['reçue le 7 janvier 2025', '2025-01-07'],
    ['le 15 juillet 2016, il est entré', '2016-07-15'],
    ['signé le 11 novembre 2023', '2023-11-11'],
    ['née le 9 avril 1991 à Abidjan', '1991-04-09'],
    ['le 1er octobre 2017', '2017-10-01'],
    ['Fait le 3e jour de mars 2024', '2024-03-03'],
  ])('%s → %s', (text, iso) => {
    expect(isos(text)).toEqual([iso]);
  });
});

describe('readDates: compact dates of statements and passports', () => {
  it.each([
    ['19-DEC-25  CASH DEPOSIT', '2025-12-19'],
    ['01-DEC-2025 SALARY', '2025-12-01'],
    ['14 MAR 21 TRANSFER', '2021-03-14'],
    ['Date of expiry 02 JAN 2030', '2030-01-02'],
    ['05-Oct-24 ATM WDL', '2024-10-05'],
    ['31-AUG-19 INTEREST', '2019-08-31'],
    ['07/JUN/2022 POS', '2022-06-07'],
    ['12-FEB-23 REFUND', '2023-02-12'],
    ['28-NOV-2020 CHQ', '2020-11-28'],
    ['03-APR-25 RENT', '2025-04-03'],
    ['Date of issue/Date de délivrance 14 MAR/MARS 2021', '2021-03-14'],
  ])('%s → %s', (text, iso) => {
    expect(isos(text)).toEqual([iso]);
  });
});

describe('readDates: numeric day/month dates are read by the document’s own order', () => {
  it.each([
    'Date: 25/12/2020. Next visit 03/04/2021.',
    'Born 31.01.1985; arrived 03.04.2021',
    'Entrée : 13-02-2019, sortie : 03-04-2021',
    'Date (DD/MM/YYYY): 03/04/2021',
    'Date (JJ/MM/AAAA) : 03/04/2021',
    'Le demandeur est arrivé le 03/04/2021 avec sa famille et les documents sont dans le dossier.',
    '17/08/2020 deposit; 03/04/2021 deposit',
    'Issued 30/06/2019 — valid from 03/04/2021',
    'Period 15/01/2020 to 03/04/2021',
    'Visa 28/02/2018; interview 03/04/2021',
  ])('day first: %s', (text) => {
    expect(isos(text).at(-1)).toBe('2021-04-03');
    expect(readDates(text).at(-1)?.ambiguous).toBeUndefined();
  });

  it.each([
    'Date: 12/25/2020. Next visit 03/04/2021.',
    'Born 01/31/1985; arrived 03/04/2021',
    'Date (MM/DD/YYYY): 03/04/2021',
    'Pay date 06/15/2022, 03/04/2021',
    '08-17-2020 and 03-04-2021',
    'Issued 11/30/2019; entry 03/04/2021',
    'I-94 admit 07/19/2021 … 03/04/2021',
    'Deposits: 02/28/2021, 03/04/2021',
    'Form dated 10/13/2020, amended 03/04/2021',
    'From 01/20/2020 to 03/04/2021',
  ])('month first: %s', (text) => {
    expect(isos(text).at(-1)).toBe('2021-03-04');
    expect(readDates(text).at(-1)?.ambiguous).toBeUndefined();
  });

  it('states a date the document cannot settle as ambiguous, with both readings', () => {
    const [d] = readDates('Entry on 03/04/2021.');
    expect(d.ambiguous).toEqual(['2021-04-03', '2021-03-04']);
    expect(d.precision).toBe('day');
  });

  it('follows an order the caller knows, over the text', () => {
    expect(isos('03/04/2021', { order: 'month-first' })).toEqual(['2021-03-04']);
    expect(isos('03/04/2021', { order: 'day-first' })).toEqual(['2021-04-03']);
  });

  it('reads a date that only one order allows whatever the document’s order', () => {
    expect(isos('13/04/2021 and 04/13/2021', { order: 'unknown' })).toEqual(['2021-04-13', '2021-04-13']);
  });

  it('never reads an impossible date', () => {
    expect(isos('2023-02-30, 31/31/2020, 2021-13-01 and 00/00/2020')).toEqual([]);
  });
});

describe('dateOrderOf', () => {
  it.each([
    ['Entry 25/12/2020', 'day-first'],
    ['Entry 12/25/2020', 'month-first'],
    ['Format JJ/MM/AAAA', 'day-first'],
    ['Format MM/DD/YYYY', 'month-first'],
    ['Nous avons vécu ensemble depuis le 03/04/2021 dans la maison de sa mère.', 'day-first'],
    ['Entry 03/04/2021', 'unknown'],
    ['25/12/2020 and 12/25/2020', 'unknown'],
  ] as const)('%s → %s', (text, order) => {
    expect(dateOrderOf(text)).toBe(order);
  });

  it('takes a French document’s order as day first', () => {
    expect(dateOrderOf('03/04/2021', 'fr')).toBe('day-first');
  });
});

describe('readDates: a month and a year', () => {
  it.each([
    ['since March 2021', '2021-03'],
    ['in Sept. 2019', '2019-09'],
    ['Travel: June 2018 — Paris, France', '2018-06'],
    ['Mar 2020 Dubai (business)', '2020-03'],
    ['arrived in December of 2017', '2017-12'],
    ['en mars 2021', '2021-03'],
    ['Voyage : juillet 2019, Maroc', '2019-07'],
    ['depuis février 2020', '2020-02'],
    ['août 2022 — Belgique', '2022-08'],
    ['Employment 2014-05', '2014-05'],
    ['Passport issued 06/2019', '2019-06'],
    ['décembre 2023', '2023-12'],
    ['Statement Mar-2021', '2021-03'],
    ['Relevé de AVR/2022', '2022-04'],
  ])('%s → %s', (text, iso) => {
    const dates = readDates(text);
    expect(dates.map((d) => [d.iso, d.precision])).toEqual([[iso, 'month']]);
  });
});

describe('readDates: a year alone, only where a date is expected', () => {
  it.each([
    ['We married in 2019.', '2019'],
    ['Living in Toronto since 2015', '2015'],
    ['She graduated during 2012 at the top of her class', '2012'],
    ['Year of marriage: 2016', '2016'],
    ['Nous sommes mariés depuis 2018.', '2018'],
    ['Il a obtenu son diplôme en 2010.', '2010'],
    ['Année d’obtention : 2014', '2014'],
    ['jusqu’en 2020', '2020'],
    ['refused in 2017 by the UK', '2017'],
    ['Entered the United States in 2004', '2004'],
  ])('%s → %s', (text, iso) => {
    expect(readDates(text).map((d) => [d.iso, d.precision])).toEqual([[iso, 'year']]);
  });

  it.each([
    'Invoice total 2019 units',
    'Call 2019 for help',
    'paid in 2000 dollars',
    'Room 2019, 2nd floor',
    'Ref. no. 2020',
  ])('reads no year in "%s"', (text) => {
    expect(readDates(text)).toEqual([]);
  });
});

describe('readDates: periods', () => {
  const periods = (text: string) =>
    readDates(text).map((d) => `${d.iso}${d.range ? ` ${d.range}` : ''}${d.until ? ` until ${typeof d.until === 'string' ? d.until : d.until.iso}` : ''}`);

  it.each([
    ['from March 2019 to June 2021', ['2019-03 from until 2021-06', '2021-06 to']],
    ['de mars 2019 à juin 2021', ['2019-03 from until 2021-06', '2021-06 to']],
    ['2019–2021', ['2019 from until 2021', '2021 to']],
    ['2014-05 to 2016-02', ['2014-05 from until 2016-02', '2016-02 to']],
    ['between 2015 and 2017', ['2015 from until 2017', '2017 to']],
    ['entre 2015 et 2017', ['2015 from until 2017', '2017 to']],
    ['du 1er mars 2020 au 30 juin 2021', ['2020-03-01 from until 2021-06-30', '2021-06-30 to']],
    ['from 5 January 2020 until 31 December 2022', ['2020-01-05 from until 2022-12-31', '2022-12-31 to']],
    ['séjour du 10 juillet au 25 juillet 2023', ['2023-07-10 from until 2023-07-25', '2023-07-25 to']],
    ['du 10 au 25 juillet 2023', ['2023-07-10 from until 2023-07-25', '2023-07-25 to']],
    ['10 June to 2 July 2024', ['2024-06-10 from until 2024-07-02', '2024-07-02 to']],
    ['July 10–25, 2023', ['2023-07-10 from until 2023-07-25', '2023-07-25 to']],
    ['July 28 – August 3, 2022', ['2022-07-28 from until 2022-08-03', '2022-08-03 to']],
    ['03/2019 - present', ['2019-03 from until present']],
    ['janvier 2020 à ce jour', ['2020-01 from until present']],
    ['since May 2018', ['2018-05 since']],
    ['depuis mai 2018', ['2018-05 since']],
  ])('%s', (text, expected) => {
    expect(periods(text)).toEqual(expected);
  });

  it('reads no borrowed-year period from a page range, a list, or days in the wrong order', () => {
    expect(periods('pages 3 - 5 March 2021')).toEqual(['2021-03-05']);
    expect(periods('sections 12 and 14 March 2021')).toEqual(['2021-03-14']);
    expect(periods('from 25 to 3 March 2021')).toEqual(['2021-03-03']);
  });

  it('opens a period with no written end only after words that open one, never after a bare "de"', () => {
    expect(periods('from March 2019, then on 5 May 2020 she left')).toEqual(['2019-03 from', '2020-05-05']);
    expect(periods('à partir de janvier 2022')).toEqual(['2022-01 from']);
    expect(periods('Relevé de mars 2021')).toEqual(['2021-03']);
    expect(periods('le mois de juin 2020')).toEqual(['2020-06']);
  });

  it('keeps a list of years a list', () => {
    expect(periods('2015 and 2017')).toEqual([]);
    expect(periods('in 2015 and in 2017')).toEqual(['2015', '2017']);
  });
});

describe('readDates: look-alikes that are not dates', () => {
  it.each([
    'Refused under section 40(1)(a) and paragraph 179(b) of the IRPR',
    'Form IMM 5257 (06-2019) E',
    'Form IMM 5532, IMM 1344, IMM 5406',
    'Tel: +1 613-555-0199, cell (416) 555 2020',
    'Passport No. AB1234567, UCI 1122-3344',
    'Postal code K1A 0B1, Ottawa',
    'Page 12 of 30',
    'Balance $2,021.00 and 1,984.50',
    'Registry No. 2024-0000-0217',
    'see Vavilov, 2019 SCC 65 and 2020 FC 1234',
    'Policy 3.4.2 and clause 12.3',
    'Temps de travail : 37,5 heures ; poste 2021',
  ])('%s', (text) => {
    expect(readDates(text)).toEqual([]);
  });

  it('never resolves a relative date against today', () => {
    expect(readDates('He arrived yesterday and will leave next Monday, in three days, tomorrow.')).toEqual([]);
    expect(readDates('Il est arrivé hier et part demain, dans trois jours.')).toEqual([]);
  });

  it('keeps only the date when a weekday or a time is written around it', () => {
    expect(spans('Monday, March 14, 2021 at 5 pm')).toEqual(['March 14, 2021']);
  });
});

describe('parseDate and parseCertainDate: one written value', () => {
  it('reads a whole value of any precision, a year alone included', () => {
    expect(parseDate('2019')?.precision).toBe('year');
    expect(parseDate('mars 2021')?.iso).toBe('2021-03');
    expect(parseDate(' 14 March 2021 ')?.iso).toBe('2021-03-14');
  });

  it('reads nothing from a value that is not only a date', () => {
    expect(parseDate('14 March 2021 and 2022')).toBeUndefined();
    expect(parseDate('unknown')).toBeUndefined();
  });

  it('leaves an unsettled numeric date to parseDate only', () => {
    expect(parseDate('03/04/2021')?.ambiguous).toHaveLength(2);
    expect(parseCertainDate('03/04/2021')).toBeUndefined();
    expect(parseCertainDate('25/12/2020')?.iso).toBe('2020-12-25');
  });
});

describe('comparing dates of different precision', () => {
  it('decides only when both are precise enough', () => {
    expect(compareDates({ year: 2021 }, { year: 2021, month: 3, day: 4 })).toBeUndefined();
    expect(compareDates({ year: 2020 }, { year: 2021, month: 3 })).toBe(-1);
    expect(compareDates({ year: 2021, month: 3 }, { year: 2021, month: 3 })).toBe(0);
    expect(sameDay({ year: 2021, month: 3 }, { year: 2021, month: 3, day: 14 })).toBe(true);
    expect(sameDay({ year: 2021, month: 3, day: 13 }, { year: 2021, month: 3, day: 14 })).toBe(false);
  });
});
