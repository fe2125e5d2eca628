import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkIndexFiles } from '../../../data/checkIndex';
import { caseNameKey, nameMatchesCase } from '../../../lambdas/core/caselaw/caseNameKey';
import { validateResearchData } from '../../../lambdas/core/caselaw/indexChecks';
import { PROVISION_ID_PATTERN } from '../../../lambdas/core/caselaw/indexSchema';
import { buildResearchIndex, loadResearchIndex, ResearchIndexInvalid } from '../../../lambdas/core/caselaw/loadIndex';

const dataDir = join(__dirname, '../../../data');
const readData = () => ({
  cases: JSON.parse(readFileSync(join(dataDir, 'cases.json'), 'utf8')) as Array<Record<string, unknown>>,
  provisions: JSON.parse(readFileSync(join(dataDir, 'provisions.json'), 'utf8')) as Array<Record<string, unknown>>,
});

function problemsOf(mutate: (data: ReturnType<typeof readData>) => void): string[] {
  const data = readData();
  mutate(data);
  const result = validateResearchData(data);
  return result.ok ? [] : result.problems;
}

describe('research index', () => {
  const index = loadResearchIndex();

  it('loads and validates the bundled decisions and provisions', () => {
    expect(index.cases).toHaveLength(45);
    expect(index.provisions).toHaveLength(43);
    expect(validateResearchData(readData())).toMatchObject({ ok: true });
    expect(checkIndexFiles(dataDir)).toMatchObject({ ok: true });
  });

  it('is built once and reused', () => {
    expect(loadResearchIndex()).toBe(index);
  });

  it('resolves every supersededBy to a decision in the index', () => {
    const superseded = index.cases.filter((c) => c.supersededBy !== null);
    expect(superseded.length).toBeGreaterThan(0);
    for (const entry of superseded) {
      const replacement = index.findCaseByCitation(entry.supersededBy as string);
      expect(replacement).toBeDefined();
      expect(replacement?.id).not.toBe(entry.id);
    }
  });

  it('gives every decision that is not good law a note on what replaced it', () => {
    for (const entry of index.cases.filter((c) => c.status !== 'good-law')) {
      expect(entry.replacedByNote).toEqual(expect.any(String));
    }
  });

  it('uses canonical provision ids that resolve, for provisions and for the cases that cite them', () => {
    for (const provision of index.provisions) expect(provision.id).toMatch(PROVISION_ID_PATTERN);
    for (const entry of index.cases) {
      for (const id of entry.provisions) expect(index.findProvision(id)?.id).toBe(id);
    }
  });

  it('reports Dunsmuir (2008 SCC 9) as not good law and names Vavilov as its replacement', () => {
    const dunsmuir = index.findCaseByCitation('2008 SCC 9');
    expect(dunsmuir).toMatchObject({ id: 'dunsmuir-2008', shortName: 'Dunsmuir', status: 'overtaken-in-part', supersededBy: '2019 SCC 65' });
    expect(dunsmuir?.replacedByNote).toMatch(/Vavilov/);
    expect(index.replacementChain(dunsmuir!).map((c) => c.shortName)).toEqual(['Vavilov']);
  });

  it('follows a replacement chain to the decision now in force', () => {
    const pushpanathan = index.findCaseByCitation('[1998] 1 S.C.R. 982');
    expect(index.replacementChain(pushpanathan!).map((c) => c.citations[0])).toEqual(['2008 SCC 9', '2019 SCC 65']);
  });

  it('finds decisions by citation in any accepted spelling, including parallel citations', () => {
    expect(index.findCaseByCitation('[1999] 2 S.C.R. 817')?.id).toBe('baker-1999');
    expect(index.findCaseByCitation(' 2019 CSC 65 ')?.id).toBe('vavilov-2019');
    expect(index.findCaseByCitation('[2002] 2 F.C. 413')?.id).toBe('khan-fca-2001');
    expect(index.findCaseByCitation('2019 SCC 66')).toBeUndefined();
  });

  it('finds decisions by style of cause or short name, ignoring case and punctuation', () => {
    expect(index.findCasesByName('Baker v Canada (MCI)').map((c) => c.id)).toEqual(['baker-1999']);
    expect(index.findCasesByName('CANADA (MINISTER OF CITIZENSHIP & IMMIGRATION) V. VAVILOV').map((c) => c.id)).toEqual(['vavilov-2019']);
    expect(index.findCasesByName('vavilov').map((c) => c.id)).toEqual(['vavilov-2019']);
    expect(index.findCasesByName('De Jong v. Canada (Minister of Citizenship and Immigration)').map((c) => c.id)).toEqual(['hilewitz-2005']);
    expect(index.findCasesByName('Kanthasamy').map((c) => c.id).sort()).toEqual(['kanthasamy-2015', 'kanthasamy-fca-2014']);
    expect(index.findCasesByName('Nobody v. Canada')).toEqual([]);
    expect(index.findCaseById('tran-2017')?.citations).toEqual(['2017 SCC 50']);
  });

  it('tells whether a name written in a document matches a decision', () => {
    const baker = index.findCaseById('baker-1999')!;
    expect(nameMatchesCase('Baker v. Canada', baker)).toBe(true);
    expect(nameMatchesCase('Baker', baker)).toBe(true);
    expect(nameMatchesCase('Smith v. Canada (Citizenship and Immigration)', baker)).toBe(false);
    expect(caseNameKey('Chieu v. Canada (M.C.I.) (C.A.)')).toBe(caseNameKey('Chieu v Canada (Minister of Citizenship and Immigration)'));
    expect(caseNameKey('Chieu v Canada (Minister of Citizenship and Immigration)')).toBe('chieu v canada citizenship and immigration');
  });

  it('finds a provision or the closest enclosing provision it holds', () => {
    expect(index.findProvision('IRPA 40(1)(a)')?.instrument).toBe('IRPA');
    expect(index.findProvision('IRPR 216 (1) (b)')?.id).toBe('IRPR 216(1)(b)');
    expect(index.findProvision('IRPA 38(1)(c)')).toBeUndefined();
    expect(index.findProvisionOrAncestor('IRPA 38(1)(c)')?.id).toBe('IRPA 38(1)');
    expect(index.findProvisionOrAncestor('IRPA 999(1)')).toBeUndefined();
  });

  it('offers only distinctive short names to the parser as bare names', () => {
    expect(index.standaloneShortNames).toEqual(expect.arrayContaining(['Vavilov', 'Baker', 'Kanthasamy', 'Dunsmuir']));
    expect(index.standaloneShortNames).not.toEqual(expect.arrayContaining(['Singh']));
    expect(index.isKnownShortName('Singh')).toBe(true);
  });
});

describe('research index checker', () => {
  it('fails when a supersededBy names a decision that is not in the index', () => {
    const problems = problemsOf(({ cases }) => {
      cases.find((c) => c.id === 'dunsmuir-2008')!.supersededBy = '2019 SCC 99';
    });
    expect(problems).toEqual([expect.stringMatching(/dunsmuir-2008.*supersededBy "2019 SCC 99".*not match any decision/)]);
  });

  it('fails on duplicate ids and duplicate citations', () => {
    const problems = problemsOf(({ cases }) => {
      cases.push({ ...cases[0] });
    });
    expect(problems).toEqual(
      expect.arrayContaining([expect.stringMatching(/case id "vavilov-2019" is used more than once/), expect.stringMatching(/citation "2019 SCC 65" belongs to more than one/)]),
    );
  });

  it('fails on a provision id that is not canonical', () => {
    const problems = problemsOf(({ provisions }) => {
      provisions[0].id = 'IRPA s. 3(1)(d)';
    });
    expect(problems).toEqual([expect.stringMatching(/provisions\[0\] \(IRPA s\. 3\(1\)\(d\)\)\.id: not a canonical provision id/)]);
  });

  it('fails when a case cites a provision that is not in the index', () => {
    const problems = problemsOf(({ cases }) => {
      (cases.find((c) => c.id === 'baker-1999')!.provisions as string[]).push('IRPA 114(2)');
    });
    expect(problems).toEqual([expect.stringMatching(/baker-1999.*provision "IRPA 114\(2\)" is not in provisions.json/)]);
  });

  it('fails when a decision that is not good law names no replacement', () => {
    const problems = problemsOf(({ cases }) => {
      const khosa = cases.find((c) => c.id === 'khosa-2009')!;
      khosa.supersededBy = null;
      khosa.replacedByNote = null;
    });
    expect(problems).toEqual([expect.stringMatching(/khosa-2009.*overtaken-in-part needs supersededBy or replacedByNote/)]);
  });

  it('fails on a citation that is not normalised or does not match the year', () => {
    const problems = problemsOf(({ cases }) => {
      cases.find((c) => c.id === 'baker-1999')!.citations = ['[1999] 2 S.C.R. 817'];
      cases.find((c) => c.id === 'tran-2017')!.year = 2016;
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/baker-1999.*"\[1999\] 2 S\.C\.R\. 817" is not a normalised.*expected "\[1999\] 2 SCR 817"/),
        expect.stringMatching(/tran-2017.*"2017 SCC 50" does not match year 2016/),
      ]),
    );
  });

  it('fails on a supersededBy chain that loops', () => {
    const problems = problemsOf(({ cases }) => {
      const vavilov = cases.find((c) => c.id === 'vavilov-2019')!;
      vavilov.status = 'overruled';
      vavilov.supersededBy = '2008 SCC 9';
    });
    expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(/supersededBy chain loops/)]));
  });

  it('names the entry and field of a schema error', () => {
    const problems = problemsOf(({ cases }) => {
      cases[3].status = 'bad-law';
    });
    expect(problems).toEqual([expect.stringMatching(/^cases\[3\] \(kanthasamy-fca-2014\)\.status: /)]);
  });

  it('refuses to build an index from broken data and lists the problems', () => {
    const data = readData();
    data.cases.find((c) => c.id === 'dunsmuir-2008')!.supersededBy = '2019 SCC 99';
    expect(() => buildResearchIndex(data)).toThrow(ResearchIndexInvalid);
    expect(() => buildResearchIndex(data)).toThrow(/2019 SCC 99/);
  });

  it('reports unreadable files by path', () => {
    const dir = mkdtempSync(join(tmpdir(), 'case-audit-index-'));
    writeFileSync(join(dir, 'cases.json'), '[{"id": ');
    writeFileSync(join(dir, 'provisions.json'), '[]');
    const result = checkIndexFiles(dir);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems[0]).toContain(join(dir, 'cases.json'));
  });
});
