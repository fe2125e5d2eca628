import { figureSpellings, parseAmount, readMoney } from '../../../lambdas/core/text/money';

/** Each amount as "value CURRENCY[/per]". */
const read = (text: string, options?: Parameters<typeof readMoney>[1]) =>
  readMoney(text, options).map((m) => `${m.amount} ${m.currency}${m.per ? `/${m.per}` : ''}`);

describe('readMoney: currency written before the amount', () => {
  it.each([
    ['Balance: CAD 24,310.55', '24310.55 CAD'],
    ['Funds of CA$ 12,000', '12000 CAD'],
    ['C$3,500.00 transferred', '3500 CAD'],
    ['US$ 1,250 from her brother', '1250 USD'],
    ['USD 45,000.00 in savings', '45000 USD'],
    ['€2.500,00 sur le compte', '2500 EUR'],
    ['EUR 18 000', '18000 EUR'],
    ['£950 a term', '950 GBP'],
    ['₹5,00,000 fixed deposit', '500000 INR'],
    ['Rs. 12,50,000 balance', '1250000 INR'],
    ['INR 3,45,678.90', '345678.9 INR'],
    ['Ksh 150,000 monthly rent', '150000 KES/month'],
    ['KES 2,400,000', '2400000 KES'],
    ['₱45,000 remitted', '45000 PHP'],
    ['PHP 120,000.00', '120000 PHP'],
    ['NGN 2,500,000', '2500000 NGN'],
    ['₦ 500000 deposit', '500000 NGN'],
    ['RMB 80,000 tuition', '80000 CNY'],
    ['CNY 60,000', '60000 CNY'],
    ['GHS 385,000.00', '385000 GHS'],
    ['CAD $5,000 gift', '5000 CAD'],
    ['CDN $5,000 gift', '5000 CAD'],
    ['US $2,000 wire', '2000 USD'],
    ['KSh. 45,000 school fees', '45000 KES'],
  ])('%s → %s', (text, expected) => {
    expect(read(text)).toEqual([expected]);
  });
});

describe('readMoney: currency written after the amount (French and others)', () => {
  it.each([
    ['un solde de 12 500,00 $', '12500 XXX'],
    ['12 500 $ CA en épargne', '12500 CAD'],
    ['Solde : 54 000 $ CAN', '54000 CAD'],
    ['1.250,00 € versés', '1250 EUR'],
    ['300 euros en espèces', '300 EUR'],
    ['2 000 dollars canadiens', '2000 CAD'],
    ['5 000 dollars US', '5000 USD'],
    ['150 000 KES', '150000 KES'],
    ['25 000 roupies', '25000 INR'],
    ['10,000 Canadian dollars', '10000 CAD'],
    ['2 500 000 FCFA', '2500000 XOF'],
    ['8 000 dirhams', '8000 MAD'],
    ['80 000 yuans', '80000 CNY'],
  ])('%s → %s', (text, expected) => {
    expect(read(text)).toEqual([expected]);
  });

  it('reads French typography’s no-break and narrow no-break spaces', () => {
    expect(read('12\u00a0500,00\u00a0$ et 3\u202f000\u00a0€')).toEqual(['12500 XXX', '3000 EUR']);
  });
});

describe('readMoney: multipliers (lakh, crore, k, M, million)', () => {
  it.each([
    ['Rs. 15 lakh', '1500000 INR'],
    ['₹ 2.5 lakhs', '250000 INR'],
    ['1.2 crore rupees', '12000000 INR'],
    ['INR 3 crores', '30000000 INR'],
    ['a loan of 15 lakh', '1500000 INR'],
    ['$85k', '85000 XXX'],
    ['US$1.2M', '1200000 USD'],
    ['CAD 2 million', '2000000 CAD'],
    ['1,5 million d’euros', '1500000 EUR'],
    ['2 millions de dollars canadiens', '2000000 CAD'],
    ['12.5k USD', '12500 USD'],
  ])('%s → %s', (text, expected) => {
    expect(read(text)).toEqual([expected]);
  });

  it('takes the document’s currency for lakh and crore written without one', () => {
    expect(read('a gift of 4 lakh', { defaultCurrency: 'PKR' })).toEqual(['400000 PKR']);
  });

  it('never reads a metre or a lower-case m as millions', () => {
    expect(read('a 5 m wall and $3 m of rope')).toEqual(['3 XXX']);
  });
});

describe('readMoney: the dollar sign names no country', () => {
  it('takes the document’s currency when known, else XXX', () => {
    expect(read('$5,000', { defaultCurrency: 'CAD' })).toEqual(['5000 CAD']);
    expect(read('$5,000')).toEqual(['5000 XXX']);
    expect(read('5 000 dollars', { defaultCurrency: 'USD' })).toEqual(['5000 USD']);
  });

  it('says whether the currency was written or taken from the document', () => {
    expect(readMoney('$5,000 and CAD 200', { defaultCurrency: 'CAD' }).map((m) => m.currencyWritten)).toEqual([false, true]);
  });
});

describe('readMoney: the period a wage is paid per', () => {
  it.each([
    ['Wage: $28.50 per hour', 'hour'],
    ['$28.50/hr', 'hour'],
    ['CAD 31.00 hourly', 'hour'],
    ['paid $19 an hour', 'hour'],
    ['Hourly wage: $27.40', 'hour'],
    ['27,50 $ de l’heure', 'hour'],
    ['taux horaire de 26,00 $', 'hour'],
    ['29 $ par heure', 'hour'],
    ['$1,200 per week', 'week'],
    ['950 $ par semaine', 'week'],
    ['USD 3,000/month', 'month'],
    ['3 200 € par mois', 'month'],
    ['revenu mensuel de 4 100 $', 'month'],
    ['Ksh 80,000 monthly', 'month'],
    ['$85,000 per annum', 'year'],
    ['Annual salary: $85,000', 'year'],
    ['salaire annuel de 62 000 $', 'year'],
    ['62 000 $ par an', 'year'],
    ['GBP 40,000 a year', 'year'],
    ['85 000 $ annuellement', 'year'],
    ['Rs 50,000/- per month', 'month'],
    ['₹50,000/- p.m.', 'month'],
  ] as const)('%s → %s', (text, per) => {
    expect(readMoney(text).map((m) => m.per)).toEqual([per]);
  });

  it('reads a salary too large to be an hourly wage as yearly', () => {
    expect(read('The position offers a salary of $72,000.')).toEqual(['72000 XXX/year']);
    expect(read('Son salaire est de 58 000 $.')).toEqual(['58000 XXX/year']);
  });

  it('gives no period to a salary that could be paid per hour, week or month', () => {
    expect(read('a salary of $2,800')).toEqual(['2800 XXX']);
  });

  it('takes each amount’s own period, not one named elsewhere on the line', () => {
    expect(read('Annual salary: $85,000 (40 hours per week); hourly equivalent $40.87')).toEqual(['85000 XXX/year', '40.87 XXX/hour']);
    expect(read('3 200 € par mois. Salary of $72,000.')).toEqual(['3200 EUR/month', '72000 XXX/year']);
  });

  it('gives no period to money that is not a wage', () => {
    expect(read('Closing balance CAD 24,310.55')).toEqual(['24310.55 CAD']);
    expect(read('I will pay $25,000 in tuition')).toEqual(['25000 XXX']);
  });
});

describe('readMoney: figures that are not money', () => {
  it.each([
    'Refused under section 40(1)(a), paragraph 179(b)',
    'Form IMM 5257, IMM 1344 and IMM 5532',
    'Tel: +1 613-555-0199',
    'Passport No. AB1234567',
    'Postal code K1A 0B1',
    'Page 3 of 12',
    'Married on 14 March 2021',
    '40 hours per week',
    'Vavilov, 2019 SCC 65',
    'Dossier 2024-0000-0217, 3 enfants, 2 pièces',
    'CFA Level 3 candidate',
    'Nguyen Van Dong 1990',
  ])('%s', (text) => {
    expect(readMoney(text)).toEqual([]);
  });
});

describe('readMoney: offsets and the written form', () => {
  it('gives where each amount is written', () => {
    const text = 'Deposit of CAD 5,000.00 on 2021-03-14';
    const [m] = readMoney(text);
    expect(text.slice(m.start, m.end)).toBe('CAD 5,000.00');
    expect(m.written).toBe('CAD 5,000.00');
  });
});

describe('parseAmount and figureSpellings', () => {
  it.each([
    ['385,000.00', 385000],
    ['24 310,55', 24310.55],
    ['1.250,00', 1250],
    ['5,00,000', 500000],
    ['18.5', 18.5],
    ['1,250', 1250],
  ])('%s is %d', (written, value) => {
    expect(parseAmount(written)).toBe(value);
  });

  it('spells a figure the ways a statement and a letter write it', () => {
    expect(figureSpellings(385000.5)).toEqual(['385,000', '385 000', '385\u00a0000', '385000']);
  });
});

describe('readMoney: currencies of the files the product reads', () => {
  it.each([
    ['TND 95,000', '95000 TND'],
    ['JOD 42,000', '42000 JOD'],
    ['CLP 1,150,000', '1150000 CLP'],
    ['KRW 71,400,000', '71400000 KRW'],
    ['Income TRY 22,000', '22000 TRY'],
    ['AED 6,200', '6200 AED'],
    ['50 000 gourdes', '50000 HTG'],
    ['18 450 000 XAF', '18450000 XAF'],
    ['PEN 38,500', '38500 PEN'],
    ['LKR 2,850,000', '2850000 LKR'],
  ])('%s → %s', (text, expected) => {
    expect(read(text)).toEqual([expected]);
  });

  it('reads a currency that is also a word only as written in capitals', () => {
    expect(read('I will try 3,000 times with a pen 200 long')).toEqual([]);
  });

  it('reads a currency at a line’s end with its grouped figure on the next line, never a year', () => {
    expect(read('an annual salary of CAD\n132,000, paid bi-weekly')).toEqual(['132000 CAD/year']);
    expect(read('Currency: USD\n2024 statement')).toEqual([]);
  });

  it('never joins a date’s day to the figure after it', () => {
    expect(read('2023-02-01 400,00 $ CA 41,35 16 540,00 PHP')).toEqual(['400 CAD', '16540 PHP']);
  });

  it('reads a period written on the next line of a sentence, not the next field of a form', () => {
    expect(read('Income TRY 22,000\nper month declared')).toEqual(['22000 TRY/month']);
    expect(read('Rent: USD 800\nMonthly income: USD 3,000')).toEqual(['800 USD', '3000 USD/month']);
  });
});
