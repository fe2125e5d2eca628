import { loadResearchIndex } from '../../../lambdas/core/caselaw/loadIndex';
import { ParsedCitation } from '../../../lambdas/core/citations/citationSchema';
import { parseCitations } from '../../../lambdas/core/citations/parseCitations';

const now = new Date('2026-11-22T12:00:00Z');
const index = loadResearchIndex();

interface Row {
  input: string;
  kind: ParsedCitation['kind'];
  normalized: string;
  pinpoint?: string;
  name?: string;
  /** Parse with the research index (short names, instrument inference). */
  withIndex?: boolean;
}

const spellings: Row[] = [
  // Neutral citations, English and French.
  { input: '2019 SCC 65', kind: 'neutral', normalized: '2019 SCC 65' },
  { input: 'see 2023 FC 123.', kind: 'neutral', normalized: '2023 FC 123' },
  { input: '2010 FCA 250', kind: 'neutral', normalized: '2010 FCA 250' },
  { input: '2005 FC 1029', kind: 'neutral', normalized: '2005 FC 1029' },
  { input: '2019 CSC 65', kind: 'neutral', normalized: '2019 SCC 65' },
  { input: '2023 CF 123', kind: 'neutral', normalized: '2023 FC 123' },
  { input: '2010 CAF 250', kind: 'neutral', normalized: '2010 FCA 250' },
  { input: '2002 FCT 123', kind: 'neutral', normalized: '2002 FCT 123' },
  { input: '2002 CFPI 123', kind: 'neutral', normalized: '2002 FCT 123' },
  { input: '(2015 SCC 61)', kind: 'neutral', normalized: '2015 SCC 61' },
  { input: '2019SCC65', kind: 'neutral', normalized: '2019 SCC 65' },
  { input: '2019 SCC\n65', kind: 'neutral', normalized: '2019 SCC 65' },
  { input: '2019\u00a0SCC\u00a065', kind: 'neutral', normalized: '2019 SCC 65' },
  // Reporter citations.
  { input: '[1999] 2 SCR 817', kind: 'reporter', normalized: '[1999] 2 SCR 817' },
  { input: '[1999] 2 S.C.R. 817', kind: 'reporter', normalized: '[1999] 2 SCR 817' },
  { input: '[2002] 4 FC 358', kind: 'reporter', normalized: '[2002] 4 FC 358' },
  { input: '[1998] 1 S.C.R. 982', kind: 'reporter', normalized: '[1998] 1 SCR 982' },
  { input: '[2002] 2 F.C. 413', kind: 'reporter', normalized: '[2002] 2 FC 413' },
  { input: '[2009] 3 F.C.R. 446', kind: 'reporter', normalized: '[2009] 3 FCR 446' },
  { input: '[1999] 2 R.C.S. 817', kind: 'reporter', normalized: '[1999] 2 SCR 817' },
  { input: '[1999] 1 C.F. 605', kind: 'reporter', normalized: '[1999] 1 FC 605' },
  // Pinpoints.
  { input: '2019 SCC 65 at para 99', kind: 'neutral', normalized: '2019 SCC 65', pinpoint: 'para 99' },
  { input: '2019 SCC 65 at paras 85-86', kind: 'neutral', normalized: '2019 SCC 65', pinpoint: 'paras 85-86' },
  { input: '2015 SCC 61, at para. 23', kind: 'neutral', normalized: '2015 SCC 61', pinpoint: 'para 23' },
  { input: '2019 SCC 65, para 99', kind: 'neutral', normalized: '2019 SCC 65', pinpoint: 'para 99' },
  { input: '[1999] 2 SCR 817 at paras 21–28', kind: 'reporter', normalized: '[1999] 2 SCR 817', pinpoint: 'paras 21-28' },
  { input: '2019 SCC 65 at paragraphs 85 and 86', kind: 'neutral', normalized: '2019 SCC 65', pinpoint: 'paras 85, 86' },
  { input: '[1999] 2 S.C.R. 817 at p. 845', kind: 'reporter', normalized: '[1999] 2 SCR 817', pinpoint: 'p 845' },
  // Styles of cause, joined with the citation that follows them.
  {
    input: 'Canada (Minister of Citizenship and Immigration) v. Vavilov, 2019 SCC 65',
    kind: 'neutral',
    name: 'Canada (Minister of Citizenship and Immigration) v. Vavilov',
    normalized: 'Canada (Minister of Citizenship and Immigration) v. Vavilov, 2019 SCC 65',
  },
  {
    input: 'Baker v. Canada (Minister of Citizenship and Immigration), [1999] 2 S.C.R. 817',
    kind: 'reporter',
    name: 'Baker v. Canada (Minister of Citizenship and Immigration)',
    normalized: 'Baker v. Canada (Minister of Citizenship and Immigration), [1999] 2 SCR 817',
  },
  {
    input: 'In Kanthasamy v. Canada (Citizenship and Immigration), 2015 SCC 61 at para 25, the Court',
    kind: 'neutral',
    name: 'Kanthasamy v. Canada (Citizenship and Immigration)',
    normalized: 'Kanthasamy v. Canada (Citizenship and Immigration), 2015 SCC 61',
    pinpoint: 'para 25',
  },
  { input: 'Dunsmuir v New Brunswick, 2008 SCC 9', kind: 'neutral', name: 'Dunsmuir v. New Brunswick', normalized: 'Dunsmuir v. New Brunswick, 2008 SCC 9' },
  {
    input: 'Chieu v. Canada (Minister of Citizenship and Immigration) (C.A.), [1999] 1 F.C. 605',
    kind: 'reporter',
    name: 'Chieu v. Canada (Minister of Citizenship and Immigration) (C.A.)',
    normalized: 'Chieu v. Canada (Minister of Citizenship and Immigration) (C.A.), [1999] 1 FC 605',
  },
  { input: 'X v Canada (Citizenship and Immigration)', kind: 'style-of-cause', normalized: 'X v. Canada (Citizenship and Immigration)' },
  { input: 'Kanthasamy v. Canada', kind: 'style-of-cause', normalized: 'Kanthasamy v. Canada' },
  { input: 'See Baker v. Canada.', kind: 'style-of-cause', normalized: 'Baker v. Canada' },
  { input: 'Canada (Citoyenneté et Immigration) c. Vavilov', kind: 'style-of-cause', normalized: 'Canada (Citoyenneté et Immigration) v. Vavilov' },
  // Short names known to the index.
  { input: 'Following Vavilov, the officer had to justify', kind: 'style-of-cause', normalized: 'Vavilov', withIndex: true },
  { input: "the Baker factors", kind: 'style-of-cause', normalized: 'Baker', withIndex: true },
  { input: 'Vavilov at para 99', kind: 'style-of-cause', normalized: 'Vavilov', pinpoint: 'para 99', withIndex: true },
  { input: 'Vavilov, 2019 SCC 65 at para 99', kind: 'neutral', name: 'Vavilov', normalized: 'Vavilov, 2019 SCC 65', pinpoint: 'para 99', withIndex: true },
  { input: 'Singh, 2014 FC 1077', kind: 'neutral', name: 'Singh', normalized: 'Singh, 2014 FC 1077', withIndex: true },
  // Statute references to canonical provision ids.
  { input: 's. 40(1)(a) of IRPA', kind: 'statute', normalized: 'IRPA 40(1)(a)' },
  { input: 'section 40(1)(a) of the Immigration and Refugee Protection Act', kind: 'statute', normalized: 'IRPA 40(1)(a)' },
  { input: 'paragraph 216(1)(b) of the Regulations', kind: 'statute', normalized: 'IRPR 216(1)(b)' },
  { input: 'IRPR 216(1)(b)', kind: 'statute', normalized: 'IRPR 216(1)(b)' },
  { input: 'R216(1)(b)', kind: 'statute', normalized: 'IRPR 216(1)(b)' },
  { input: 'A40(1)(a)', kind: 'statute', normalized: 'IRPA 40(1)(a)' },
  { input: 's. 179(b) IRPR', kind: 'statute', normalized: 'IRPR 179(b)' },
  { input: 'subsection 11(1) of the Act', kind: 'statute', normalized: 'IRPA 11(1)' },
  { input: 'IRPA s. 25(1)', kind: 'statute', normalized: 'IRPA 25(1)' },
  { input: 'para 40(1)(a)', kind: 'statute', normalized: 'IRPA 40(1)(a)' },
  { input: 'r. 179(b)', kind: 'statute', normalized: 'IRPR 179(b)' },
  { input: 'IRPR 220', kind: 'statute', normalized: 'IRPR 220' },
  { input: 's. 4.1 of the Regulations', kind: 'statute', normalized: 'IRPR 4.1' },
  { input: 'IRPR s. 220.1(1)', kind: 'statute', normalized: 'IRPR 220.1(1)' },
  { input: 'S. 40 (1) (a) IRPA', kind: 'statute', normalized: 'IRPA 40(1)(a)' },
  { input: 'Section 39 of the Act', kind: 'statute', normalized: 'IRPA 39' },
  { input: 'under paragraph 200(1)(b) of the Immigration and Refugee Protection Regulations', kind: 'statute', normalized: 'IRPR 200(1)(b)' },
  { input: 's. 179(b)', kind: 'statute', normalized: 'IRPR 179(b)', withIndex: true },
];

describe('parseCitations', () => {
  it.each(spellings)('reads $input as $kind "$normalized"', (row) => {
    const found = parseCitations(row.input, { now, ...(row.withIndex ? { index } : {}) });
    expect(found).toHaveLength(1);
    const [citation] = found;
    expect(citation.kind).toBe(row.kind);
    expect(citation.normalized).toBe(row.normalized);
    expect(citation.pinpoint).toBe(row.pinpoint);
    if (row.name !== undefined) expect('name' in citation && citation.name).toBe(row.name);
    expect(citation.valid).toBe(true);
    expect(row.input.slice(citation.start, citation.end)).toBe(citation.raw);
  });

  it('covers at least 40 real-world spellings', () => {
    expect(spellings.length).toBeGreaterThanOrEqual(40);
  });

  it('returns results that satisfy the ParsedCitation schema', () => {
    const text = spellings.map((row) => row.input).join('\n');
    const found = parseCitations(text, { now, index });
    expect(() => ParsedCitation.array().parse(found)).not.toThrow();
  });

  it('flags a citation from a future year as invalid instead of dropping it', () => {
    const [neutral, reporter, current] = parseCitations('2031 FC 12; [2099] 1 S.C.R. 5; 2026 FC 1', { now });
    expect(neutral).toMatchObject({ normalized: '2031 FC 12', valid: false });
    expect(neutral.reason).toMatch(/2031.*future/);
    expect(reporter).toMatchObject({ normalized: '[2099] 1 SCR 5', valid: false });
    expect(current).toMatchObject({ normalized: '2026 FC 1', valid: true });
  });

  it('uses the current date when no clock is given', () => {
    const nextYear = new Date().getUTCFullYear() + 1;
    const [citation] = parseCitations(`${nextYear} SCC 1`);
    expect(citation.valid).toBe(false);
  });

  it('flags a Federal Court neutral citation from before the court used them', () => {
    const [citation] = parseCitations('2002 FC 5', { now });
    expect(citation.valid).toBe(false);
    expect(citation.reason).toMatch(/2003/);
  });

  it('merges duplicates and keeps every position in order', () => {
    const text = 'Vavilov 2019 SCC 65. Later: 2019 SCC 65 at para 99. Again 2019 CSC 65.';
    const found = parseCitations(text, { now }).filter((c) => c.normalized === '2019 SCC 65');
    expect(found).toHaveLength(1);
    const [citation] = found;
    expect(citation.occurrences.map((o) => o.start)).toEqual([8, 28, 58]);
    expect(citation.occurrences.map((o) => text.slice(o.start, o.end))).toEqual(['2019 SCC 65', '2019 SCC 65 at para 99', '2019 CSC 65']);
    expect(citation.pinpoint).toBe('para 99');
    expect(citation.occurrences[1].pinpoint).toBe('para 99');
  });

  it('parses 500 citations in one document', () => {
    const text = Array.from({ length: 500 }, (_, i) => `Case ${i}: see 2020 FC ${i + 1} at para ${i % 50}.`).join('\n');
    const found = parseCitations(text, { now, index });
    expect(found).toHaveLength(500);
    expect(found[499]).toMatchObject({ kind: 'neutral', normalized: '2020 FC 500', pinpoint: 'para 49' });
  });

  it('does not crash on garbled input and still finds the real citation in it', () => {
    const garbled = [
      '\u0000\uFFFD[[[1999]]] 2 S.C.R. v. v. v. (((( ))))',
      '2019 SCC', '[1999] 2 SC', 's. (a)(b)', 'R(1)', 'A40', ' c. c. c. ',
      'Baker v.', 'v. Canada', '¶¶ at para', '2019 SCC 65 at paras', 'IRPA s.',
      String.fromCharCode(...Array.from({ length: 200 }, (_, i) => (i * 7919) % 0xd7ff)),
      'Canada (Minister of v. Vavilov), 2019 SCC 65',
    ].join(' ');
    const found = parseCitations(garbled, { now, index });
    expect(() => ParsedCitation.array().parse(found)).not.toThrow();
    expect(found.some((c) => c.kind === 'neutral' && c.citation === '2019 SCC 65')).toBe(true);
  });

  it('stays correct on 1 MB adversarial strings', () => {
    const MB = 1_000_000;
    const fill = (unit: string) => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);
    const adversarial = [
      ' '.repeat(MB),
      fill('Aa v. '),
      fill('(Aa v. '),
      fill('[1999] 2 S.C.R. '),
      fill('s. 1(1)(1)(1)(1)(1)(1)'),
      fill('ss. 1(a), 2(b) and '),
      fill('s. 40(1)(a) of the Aa Bb Cc Dd Ee Ff Gg '),
      'A'.repeat(MB),
    ];
    for (const noise of adversarial) {
      const found = parseCitations(`${noise}\n\nBaker v. Canada, [1999] 2 S.C.R. 817`, { now });
      const baker = found.find((c) => c.kind === 'reporter' && c.citation === '[1999] 2 SCR 817' && c.name === 'Baker v. Canada');
      expect(baker).toBeDefined();
    }
  });

  it('does not run a style of cause across a blank line', () => {
    const found = parseCitations('Smith v.\n\nBaker v. Canada', { now });
    expect(found.map((c) => c.normalized)).toEqual(['Baker v. Canada']);
  });

  it('joins a style of cause with the citation after it into one citation', () => {
    const found = parseCitations('Applying Baker v. Canada (Minister of Citizenship and Immigration), [1999] 2 SCR 817, the officer…', { now });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      kind: 'reporter',
      name: 'Baker v. Canada (Minister of Citizenship and Immigration)',
      citation: '[1999] 2 SCR 817',
    });
  });

  it('gives a parallel citation the same name and points it at the first citation', () => {
    const found = parseCitations('Khan v. Canada (Minister of Citizenship and Immigration), 2001 FCA 345, [2002] 2 F.C. 413', { now });
    expect(found.map((c) => c.normalized)).toEqual([
      'Khan v. Canada (Minister of Citizenship and Immigration), 2001 FCA 345',
      'Khan v. Canada (Minister of Citizenship and Immigration), [2002] 2 FC 413',
    ]);
    expect(found[1]).toMatchObject({ parallelTo: '2001 FCA 345' });
  });

  it('does not treat two cases listed with a comma as parallel citations', () => {
    const found = parseCitations('see 2019 SCC 65, 2015 SCC 61', { now });
    expect(found.every((c) => !('parallelTo' in c))).toBe(true);
  });

  it('counts a bare short name only when the index knows it', () => {
    expect(parseCitations('Following Vavilov, the officer', { now })).toEqual([]);
    expect(parseCitations('Following Vavilov, the officer', { now, index }).map((c) => c.normalized)).toEqual(['Vavilov']);
  });

  it('does not read common surnames, or a person addressed as Mr. Baker, as case names', () => {
    const text = 'Mr. Baker met Ms. Singh. Singh stated that Wang and Smith had left.';
    expect(parseCitations(text, { now, index })).toEqual([]);
  });

  it('does not read a judgment paragraph or another statute as an IRPA provision', () => {
    const text = 'at para 99; s. 18.1(4) of the Federal Courts Act; s. 7 of the Charter; section 25 of the form';
    expect(parseCitations(text, { now, index })).toEqual([]);
  });

  it('expands lists of provisions', () => {
    const found = parseCitations('ss. 40(1)(a) and (b) of IRPA, and sections 179 and 216 of the Regulations', { now });
    expect(found.map((c) => c.normalized)).toEqual(['IRPA 40(1)(a)', 'IRPA 40(1)(b)', 'IRPR 179', 'IRPR 216']);
  });

  it('reads "IRPR 4(1), IRPA 16(1)" as two provisions of two instruments, not as 4(1) of IRPA', () => {
    const ids = parseCitations('Consistency of answers (adverse; IRPR 4(1), IRPA 16(1)): the partners disagree.').map((c) => c.normalized);
    expect(ids).toEqual(['IRPR 4(1)', 'IRPA 16(1)']);
  });

  it('marks the instrument as inferred when the text does not name it', () => {
    const [explicit] = parseCitations('s. 40(1)(a) of the Act', { now });
    const [inferred] = parseCitations('para 40(1)(a)', { now });
    expect(explicit).toMatchObject({ kind: 'statute', instrumentInferred: false });
    expect(inferred).toMatchObject({ kind: 'statute', instrument: 'IRPA', instrumentInferred: true });
  });

  it('reads every citation and provision id of the index back to itself', () => {
    for (const entry of index.cases) {
      for (const citation of entry.citations) {
        expect(parseCitations(citation, { now }).map((c) => c.normalized)).toEqual([citation]);
      }
    }
    for (const provision of index.provisions) {
      expect(parseCitations(provision.id, { now }).map((c) => c.normalized)).toEqual([provision.id]);
    }
  });
});
