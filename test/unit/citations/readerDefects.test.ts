import { loadResearchIndex } from '../../../lambdas/core/caselaw/loadIndex';
import { ParsedCitation } from '../../../lambdas/core/citations/citationSchema';
import { parseCitations, type ParseOptions } from '../../../lambdas/core/citations/parseCitations';
import { findStatuteReferences } from '../../../lambdas/core/citations/statuteReference';
import { findOutOfScopeCitations } from '../../../lambdas/agents/verifier/verification/courtScope';

const now = new Date('2026-11-22T12:00:00Z');
const index = loadResearchIndex();

function read(text: string, options: ParseOptions = {}) {
  return parseCitations(text, { now, index, ...options });
}

const ids = (text: string, options: ParseOptions = {}) => read(text, options).map((c) => `${c.kind} ${c.id}`);

describe('numbered clauses and ordinary names are not citations', () => {
  it.each([
    'clause 7(b) of the tenancy agreement',
    'question 2(a) of the form',
    'Section 3 of the lease',
    'Section 3(a) of the lease',
    'paragraph 4(b) of the contract',
    'Paragraph 4(b) of this Agreement',
    'section 9(a) of the employment contract',
    'item 3(c) in the checklist',
    'Form IMM 5406, section 2(a)',
    'article 5(2) du contrat de travail',
  ])('reads nothing in "%s", whatever the mode', (text) => {
    expect(ids(text)).toEqual([]);
    expect(ids(text, { mode: 'document' })).toEqual([]);
  });

  it('reads "the Act" of a tenancy agreement that defines it as the Residential Tenancies Act as no IRPA provision', () => {
    const lease = 'This agreement is made under the Residential Tenancies Act, 2006 (the "Act"). Under section 37(1) of the Act the tenancy ends.';
    expect(ids(lease, { mode: 'document' })).toEqual([]);
    expect(ids(lease)).toEqual([]);
  });

  it('reads "the Act" of a document with no immigration content as nothing, and of a submission as the IRPA', () => {
    expect(ids('Under section 16 of the Act the landlord may enter.', { mode: 'document' })).toEqual([]);
    expect(ids('The visa officer ignored section 16 of the Act.', { mode: 'document' })).toEqual(['statute IRPA 16']);
    expect(ids('Under section 16 of the Act the officer may require documents.')).toEqual(['statute IRPA 16']);
  });

  it('reads a provision that names no instrument only where the document names the IRPA or IRPR', () => {
    expect(ids('See para 40(1)(a) above.', { mode: 'document' })).toEqual([]);
    expect(ids('Under IRPA, the officer relied on para 40(1)(a).', { mode: 'document' })).toEqual(['statute IRPA 40(1)(a)']);
    const [inferred] = read('Under IRPA, the officer relied on para 40(1)(a).', { mode: 'document' });
    expect(inferred).toMatchObject({ instrumentInferred: true, form: 'statute-keyword' });
  });

  it.each([
    'I worked for Baker Hughes Canada from 2015 to 2019.',
    'My employer, Khosa Trucking Ltd., pays me weekly.',
    'My cousin Priya Kanthasamy will host me.',
    'Mr. Vavilov and Ms. Baker attended the wedding.',
    'The letter was signed by John Baker, manager.',
    'Agraira Consulting Inc. issued the offer.',
    "Baker's wife works at the bank.",
    'Dear Dr. Chieu,',
    'Dunsmuir & Sons Ltd. pays the rent.',
  ])('does not read a person or a business as a case: "%s"', (text) => {
    expect(ids(text)).toEqual([]);
  });

  it('does not take a person who shares a surname with a cited party for the decision', () => {
    const text =
      'The applicant relies on Singh v. Canada (Citizenship and Immigration), 2014 FC 1077. Mr. Singh works at Singh Construction; Harpreet Singh is his brother. The Singh family lives in Surrey.';
    const found = read(text);
    expect(found.map((c) => c.id)).toEqual(['2014 FC 1077']);
    expect(found[0].occurrences).toHaveLength(1);
  });

  it('reads a bare known short name only in a citation context', () => {
    expect(ids('Following Vavilov, the officer had to justify the refusal.')).toEqual(['style-of-cause Vavilov']);
    expect(ids('Vavilov arrived in Canada in 2019.')).toEqual([]);
    expect(ids('We met Baker at the airport.')).toEqual([]);
  });

  it('reads a name no list knows only in "In X, the Court held" or in italics in a sentence about a court', () => {
    expect(ids('In Okafor, the Federal Court held that an interview was required.')).toEqual(['style-of-cause Okafor']);
    expect(ids('The Court in *Mavi* held that sponsors owe a debt.')).toEqual(['style-of-cause Mavi']);
    expect(ids('In Brampton, the court ruled on custody.')).toEqual([]);
    expect(ids('In March, the Court held a hearing.')).toEqual([]);
    expect(ids('**Important**: bring *Passport* copies.')).toEqual([]);
  });
});

describe('forms the reader used to miss', () => {
  it('reads McGill-style provisions without a period', () => {
    expect(ids('s 40(1)(a) of the IRPA; IRPR s 216(1)(b); IRPA, ss 34-37')).toEqual([
      'statute IRPA 40(1)(a)',
      'statute IRPR 216(1)(b)',
      'statute IRPA 34',
      'statute IRPA 37',
    ]);
  });

  it('reads French provisions: alinéa, paragraphe, article, LIPR, RIPR, la Loi', () => {
    const text = "Selon l'alinéa 40(1)a) de la LIPR et le paragraphe 25(1) de la Loi, ainsi que l'article 216 du RIPR et l'alinéa 179b) du Règlement.";
    expect(ids(text)).toEqual(['statute IRPA 40(1)(a)', 'statute IRPA 25(1)', 'statute IRPR 216', 'statute IRPR 179(b)']);
    expect(read(text).every((c) => c.form === 'statute-french')).toBe(true);
  });

  it('reads DLR, F.C.J. and S.C.J. (QL) report citations, in parallel with the neutral or SCR citation', () => {
    const found = read('Baker v. Canada (MCI), [1999] 2 S.C.R. 817, 174 D.L.R. (4th) 193, [1999] S.C.J. No. 39 (QL); Khan, 2001 FCA 345, [2001] F.C.J. No. 1699 (QL).');
    expect(found.map((c) => [c.id, 'parallelTo' in c ? c.parallelTo : undefined])).toEqual([
      ['[1999] 2 SCR 817', undefined],
      ['174 DLR (4th) 193', '[1999] 2 SCR 817'],
      ['[1999] SCJ No 39', '[1999] 2 SCR 817'],
      ['2001 FCA 345', undefined],
      ['[2001] FCJ No 1699', '2001 FCA 345'],
    ]);
    expect(found[1]).toMatchObject({ kind: 'reporter', reporter: 'DLR', volume: 174, edition: '4th', page: 193 });
    expect(found[2]).toMatchObject({ kind: 'reporter', reporter: 'SCJ', year: 1999, number: 39, form: 'quicklaw' });
  });

  it('resolves Ibid, Id., supra with its pinpoint, and `at 841` to the full citation they refer to', () => {
    const text =
      'Baker v. Canada (Minister of Citizenship and Immigration), [1999] 2 S.C.R. 817 [Baker]. Ibid at para 22. Id. at 841. ' +
      'Vavilov, 2019 SCC 65 at para 99. Baker, supra note 3 at para 28. Ibid.';
    const [baker, vavilov] = read(text);
    expect(baker.id).toBe('[1999] 2 SCR 817');
    expect(baker.occurrences.map((o) => [o.form, o.pinpoint ?? null])).toEqual([
      ['report', null],
      ['ibid', 'para 22'],
      ['ibid', 'p 841'],
      ['supra', 'para 28'],
      ['ibid', null],
    ]);
    expect(vavilov.occurrences.map((o) => o.raw)).toEqual(['Vavilov, 2019 SCC 65 at para 99']);
  });

  it('reads OCR noise: a year written with the letter O, a line break after s., a hyphenated name across lines', () => {
    const text = 'See 2O19 SCC 65. Under s.\n40(1)(a) of IRPA. Kantha-\nsamy v. Canada (Citizenship and Immigration), 2015 SCC 61.';
    const found = read(text);
    expect(found.map((c) => c.normalized)).toEqual(['2019 SCC 65', 'IRPA 40(1)(a)', 'Kanthasamy v. Canada (Citizenship and Immigration), 2015 SCC 61']);
    expect(found.map((c) => c.occurrences[0].noise)).toEqual([['ocr-digit'], ['line-break'], ['line-break', 'hyphenation']]);
    expect(found.map((c) => c.raw)).toEqual(['2O19 SCC 65', 's.\n40(1)(a) of IRPA', 'Kantha-\nsamy v. Canada (Citizenship and Immigration), 2015 SCC 61']);
  });

  it('joins a style of cause and its citation split across a page break', () => {
    const [baker] = read('Baker v. Canada (Minister of Citizenship and\n\f\nImmigration), [1999] 2 S.C.R.\n817');
    expect(baker).toMatchObject({ name: 'Baker v. Canada (Minister of Citizenship and Immigration)', id: '[1999] 2 SCR 817' });
    expect(baker.occurrences[0].noise).toEqual(expect.arrayContaining(['line-break', 'page-break']));
  });
});

describe('validity: only what provably cannot exist is invalid', () => {
  it.each([
    ['2031 FC 5', /year 2031 is in the future/],
    ['1999 SCC 5', /SCC neutral citations begin in 2000/],
    ['2000 FCA 5', /FCA neutral citations begin in 2001/],
    ['2000 FCT 5', /FCT neutral citations begin in 2001/],
    ['2004 FCT 5', /FCT neutral citations end in 2003/],
    ['2002 FC 5', /FC neutral citations begin in 2003/],
    ['2019 SCC 0', /not a valid number/],
    ['2019 SCC 250', /cannot exist/],
    ['2015 FCA 1200', /cannot exist/],
    ['[1999] 7 S.C.R. 817', /SCR volume 7 cannot exist/],
    ['[1999] 2 S.C.R. 0', /page 0 is not a valid number/],
    ['[1965] 1 F.C. 100', /begin in 1971/],
    ['(1970), 50 D.L.R. (4th) 1', /DLR \(4th\) reports begin/],
    ['(1995), 120 D.L.R. (3d) 1', /DLR \(3d\) reports end/],
    ['[1999] S.C.J. No. 999', /cannot exist/],
    ['2030 CanLII 12345 (CA IRB)', /future/],
    ['2030 ONCA 5', /future/],
  ])('marks %s invalid with the reason', (citation, reason) => {
    const [found] = read(citation);
    expect(found).toMatchObject({ valid: false });
    expect(found.reason).toMatch(reason);
  });

  it.each(['2001 FCT 1380', '2003 FCT 309', '2003 FC 1', '2000 SCC 1', '2001 FCA 1', '[2019] 4 S.C.R. 653', '[1959] S.C.R. 121', '[2009] 3 F.C. 446', '1985 CanLII 65 (SCC)', '(1984), 10 D.L.R. (4th) 1'])(
    'keeps the real, well-formed %s valid',
    (citation) => {
      const found = read(citation);
      expect(found).toHaveLength(1);
      expect(found[0].valid).toBe(true);
    },
  );

  it('reads an F.C. citation after 2003 as F.C.R. and an F.C.R. citation before 2003 as F.C., never as impossible', () => {
    expect(ids('[2009] 3 F.C. 446; [2002] 2 F.C.R. 413')).toEqual(['reporter [2009] 3 FCR 446', 'reporter [2002] 2 FC 413']);
  });

  it('gives the out-of-scope view the same validity as the reader', () => {
    expect(findOutOfScopeCitations('2030 ONCA 5; 2019 CanLII 12345 (CA IRB)', now)).toEqual([
      expect.objectContaining({ citation: '2030 ONCA 5', valid: false, court: 'the Court of Appeal for Ontario' }),
      expect.objectContaining({ citation: '2019 CanLII 12345 (CA IRB)', valid: true, court: 'the Immigration and Refugee Board' }),
    ]);
  });
});

describe('bounded and linear on bad input', () => {
  function numbersPage(page: number): string {
    const lines: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      const n = page * 40 + i;
      lines.push(
        `${2000 + (n % 25)}-${String((n % 12) + 1).padStart(2, '0')}-15 deposit ${n}.${n % 100} account ${4000 + n} ${n % 9999} ` +
          `tel 416-555-${String(n % 10000).padStart(4, '0')} item ${n % 50}(${String.fromCharCode(97 + (n % 26))}) unit ${n % 300} ` +
          `flight AC ${n % 999} postal M5V ${n % 10}T${n % 10} invoice ${n}-${2019 + (n % 5)} ${n % 2 ? 'section' : 'page'} ${n % 40} of the statement`,
      );
    }
    return lines.join('\n');
  }

  it('reads no citation in 500 pages of numbers, and still finds the one real citation at the end', () => {
    const text = `${Array.from({ length: 500 }, (_, p) => numbersPage(p)).join('\f')}\nSee Baker v. Canada, [1999] 2 S.C.R. 817.`;
    const found = read(text, { mode: 'document' });
    expect(found.map((c) => c.id)).toEqual(['[1999] 2 SCR 817']);
  });

  it('stays correct on 1 MB adversarial strings for every pattern', () => {
    const MB = 1_000_000;
    const fill = (unit: string) => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);
    const adversarial = [
      fill('(1999), 1 '),
      fill('[1999] S.C.J. No. '),
      fill('Ibid. Id. '),
      fill('Baker, supra '),
      fill('In Aa, the Court held '),
      fill('*Aa Bb* '),
      fill('alinéa 1(1)a) et b) '),
      fill('s 1 s 1, '),
      fill('2O1 '),
      fill('-\n'),
      fill('\u200b\u0405'),
      fill('(the Act) '),
      fill('Aa (Re) '),
      fill('de la Loi '),
    ];
    for (const noise of adversarial) {
      const found = read(`${noise}\n\nBaker v. Canada, [1999] 2 S.C.R. 817`);
      expect(found.some((c) => c.kind === 'reporter' && c.id === '[1999] 2 SCR 817' && c.name === 'Baker v. Canada')).toBe(true);
    }
  });

  it('reads thousands of short names after one full citation without slowing to quadratic work', () => {
    const text = `Singh v. Canada (Citizenship and Immigration), 2014 FC 1077. ${'See Singh at para 3. '.repeat(5000)}`;
    const [singh] = read(text);
    expect(singh.occurrences).toHaveLength(5001);
  });
});

describe('nothing in a document can hide a citation', () => {
  it.each([
    ['a zero-width space', '2019 S\u200bCC 65', 'invisible-character'],
    ['a soft hyphen', '2019 SC\u00adC 65', 'invisible-character'],
    ['a direction mark', '2019 \u202eSCC 65', 'invisible-character'],
    ['Cyrillic look-alike letters', '2019 \u0405\u0421\u0421 65', 'look-alike-letter'],
    ['Greek look-alike letters', '2019 \u0395\u0391\u039a SCC 65'.replace('\u0395\u0391\u039a ', ''), undefined],
    ['full-width digits', '２０１９ SCC ６５', undefined],
    ['control characters between the parts', '2019\u0000SCC\u000065', undefined],
  ])('reads 2019 SCC 65 through %s', (_label, text, noise) => {
    const [found] = read(text);
    expect(found).toMatchObject({ kind: 'neutral', id: '2019 SCC 65' });
    if (noise) expect(found.occurrences[0].noise).toContain(noise);
  });

  it('keeps every result within the schema and every span within the text', () => {
    const text = '2019 S\u200bCC 65; Ba\u00adker v. Canada, [1999] 2 S.C.R.\n817 at 841; s.\n40(1)(a) IRPA; Ibid.';
    const found = read(text);
    expect(() => ParsedCitation.array().parse(found)).not.toThrow();
    for (const c of found) for (const o of c.occurrences) expect(text.slice(o.start, o.end)).toBe(o.raw);
  });

  it('keeps findStatuteReferences (used by the gatekeeper) on spans of the original text', () => {
    const text = 'The officer refused under s.\n40(1)(a) of the Act and A16(1).';
    expect(findStatuteReferences(text, index).map((h) => [h.provisionId, text.slice(h.start, h.end)])).toEqual([
      ['IRPA 40(1)(a)', 's.\n40(1)(a) of the Act'],
      ['IRPA 16(1)', 'A16(1)'],
    ]);
  });
});
