import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadAllRubrics, loadRefusalRubric, parseRubric, RubricInvalid } from '../../../lambdas/agents/strategist/rubrics/loadRubric';
import { Rubric } from '../../../lambdas/agents/strategist/rubrics/rubricSchema';
import { promisesOutcome } from '../../../lambdas/agents/strategist/scoring/outcomeLanguage';
import { FINDER_IDS } from '../../../lambdas/agents/strategist/signals/finderIds';
import { loadResearchIndex } from '../../../lambdas/core/caselaw/loadIndex';
import { parseCitations } from '../../../lambdas/core/citations/parseCitations';
import { APPLICATION_TYPES } from '../../../lambdas/contracts/intakeOutput';

const DIR = join(__dirname, '../../../lambdas/agents/strategist/rubrics');
const files = readdirSync(DIR).filter((f) => f.endsWith('.json'));
const rubrics = loadAllRubrics();

/** Every sentence a lawyer wrote in a rubric. */
function wordingOf(rubric: Rubric): string[] {
  return rubric.factors.flatMap((f) => [f.label, ...Object.values(f.ratings), ...f.plan.live.flatMap((p) => [p.item, p.why]), ...f.plan.strategic.flatMap((p) => [p.item, p.why])]);
}

describe('strategist rubrics (data files)', () => {
  it('has one rubric file per application type, each valid against the schema', () => {
    expect(files.sort()).toEqual(APPLICATION_TYPES.map((t) => `${t}.json`).sort());
    for (const file of files) {
      const data = JSON.parse(readFileSync(join(DIR, file), 'utf8'));
      expect(() => parseRubric(file, data, data.applicationType)).not.toThrow();
      expect(`${data.applicationType}.json`).toBe(file);
    }
  });

  it('cites only canonical provisions the bundled index holds', () => {
    const index = loadResearchIndex();
    for (const rubric of Object.values(rubrics)) {
      for (const f of rubric.factors) for (const p of f.provisions) expect(index.findProvision(p)?.id).toBe(p);
    }
  });

  it('ties the factors the brief requires to their provisions', () => {
    const cites = (type: keyof typeof rubrics, id: string) => rubrics[type].factors.find((f) => f.id === id)?.provisions;
    expect(cites('spousal-sponsorship', 'convenience-signals')).toContain('IRPR 4(1)');
    expect(cites('spousal-sponsorship', 'previous-sponsorship')).toEqual(expect.arrayContaining(['IRPR 117(9)(b)', 'IRPR 130(3)']));
    expect(cites('study-permit', 'home-ties')).toContain('IRPR 216(1)(b)');
    expect(cites('study-permit', 'funds-provenance')).toEqual(expect.arrayContaining(['IRPR 220', 'IRPR 216(1)(b)']));
    expect(cites('work-permit', 'qualifications-experience')).toContain('IRPR 200(3)(a)');
    expect(cites('visitor-visa', 'home-ties')).toContain('IRPR 179(b)');
    expect(rubrics['refusal-response'].factors.map((f) => f.id)).toEqual(expect.arrayContaining(['refusal-grounds-record', 'procedural-fairness', 'reasons-reasonableness']));
  });

  it("keeps in the refusal rubric only the refused kind's own grounds, the weights rescaled to add to 100", () => {
    const ids = (type: (typeof APPLICATION_TYPES)[number]) => loadRefusalRubric(type).factors.map((f) => f.id);
    for (const temporary of ['study-permit', 'work-permit', 'visitor-visa'] as const) {
      expect(ids(temporary)).toEqual(rubrics['refusal-response'].factors.map((f) => f.id));
    }
    for (const other of ['spousal-sponsorship', 'unknown'] as const) {
      expect(ids(other)).toEqual(['refusal-grounds-record', 'procedural-fairness', 'reasons-reasonableness']);
    }
    for (const type of APPLICATION_TYPES) expect(loadRefusalRubric(type).factors.reduce((sum, f) => sum + f.weight, 0)).toBeCloseTo(100);
    // Rescaling keeps the factors' proportions.
    const [all, spousal] = [rubrics['refusal-response'].factors, loadRefusalRubric('spousal-sponsorship').factors];
    expect(spousal[0].weight / spousal[1].weight).toBeCloseTo(all[0].weight / all[1].weight);
    expect(spousal[0].weight).toBeGreaterThan(all[0].weight);
  });

  it('cites in its wording only decisions that are in the index and still good law (Vavilov, Baker)', () => {
    const index = loadResearchIndex();
    const cited = Object.values(rubrics).flatMap((r) => wordingOf(r).flatMap((text) => parseCitations(text, { index })));
    const decisions = cited.flatMap((c) => (c.kind === 'neutral' || c.kind === 'reporter' ? [c.citation] : []));
    expect(new Set(decisions)).toEqual(new Set(['2019 SCC 65', '[1999] 2 SCR 817']));
    for (const citation of decisions) expect(index.findCaseByCitation(citation)?.status).toBe('good-law');
    for (const c of cited) if (c.kind === 'statute') expect(index.findProvisionOrAncestor(c.provisionId)).toBeDefined();
  });

  it('never promises an outcome in its wording', () => {
    for (const rubric of Object.values(rubrics)) for (const text of wordingOf(rubric)) expect(promisesOutcome(text)).toBe(false);
  });

  it('names a known finder for every factor, and earns nothing for adverse or missing evidence', () => {
    for (const rubric of Object.values(rubrics)) {
      for (const f of rubric.factors) expect(FINDER_IDS).toContain(f.finder);
      expect(rubric.earned.adverse).toBe(0);
      expect(rubric.earned['no-evidence']).toBe(0);
    }
  });

  it('rejects a rubric with an unknown finder, a duplicate factor or a provision the index does not hold, naming each problem', () => {
    const valid = JSON.parse(readFileSync(join(DIR, 'visitor-visa.json'), 'utf8'));
    const withUnknownFinder = { ...valid, factors: [{ ...valid.factors[0], finder: 'crystal-ball' }] };
    expect(() => parseRubric('bad.json', withUnknownFinder)).toThrow(RubricInvalid);
    const duplicated = { ...valid, factors: [valid.factors[0], valid.factors[0]] };
    expect(() => parseRubric('bad.json', duplicated)).toThrow(/used twice/);
    const unknownProvision = { ...valid, factors: [{ ...valid.factors[0], provisions: ['IRPR 999(9)'] }, ...valid.factors.slice(1)] };
    expect(() => parseRubric('bad.json', unknownProvision)).toThrow(/IRPR 999\(9\), which the bundled index does not hold/);
    const notCanonical = { ...valid, factors: [{ ...valid.factors[0], provisions: ['section 179(b)'] }] };
    expect(() => parseRubric('bad.json', notCanonical)).toThrow(RubricInvalid);
    const rewarding = { ...valid, earned: { ...valid.earned, adverse: 0.2 } };
    expect(() => parseRubric('bad.json', rewarding)).toThrow(RubricInvalid);
  });

  it('weighs every factor as a percentage of the score: the weights of every rubric add to 100, and a rubric whose weights do not is rejected', () => {
    for (const rubric of Object.values(rubrics)) expect(rubric.factors.reduce((sum, f) => sum + f.weight, 0)).toBe(100);
    const valid = JSON.parse(readFileSync(join(DIR, 'refusal-response.json'), 'utf8'));
    const overweight = { ...valid, factors: valid.factors.map((f: { weight: number }, i: number) => (i === 0 ? { ...f, weight: f.weight + 25 } : f)) };
    expect(() => parseRubric('bad.json', overweight)).toThrow(/weights add to 125; they must add to 100/);
  });

  it('rejects a rubric filed under another application type', () => {
    const valid = JSON.parse(readFileSync(join(DIR, 'visitor-visa.json'), 'utf8'));
    expect(() => parseRubric('study-permit.json', valid, 'study-permit')).toThrow(/expected 'study-permit'/);
  });
});
