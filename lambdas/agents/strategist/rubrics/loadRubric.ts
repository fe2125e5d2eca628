/**
 * Loads the rubric of an application type from its JSON file, validated once: the schema, and every
 * provision against the bundled research index (a rubric must not cite what the verifier cannot
 * check). A broken file fails with every problem listed. A file that answers a refusal is scored on
 * the refusal rubric whatever the refused kind, keeping only the grounds that apply to that kind.
 */
import { loadResearchIndex } from '../../../core/caselaw/loadIndex';
import type { ApplicationType } from '../../../contracts/intakeOutput';
import permanentResidence from './permanent-residence.json';
import refusalResponse from './refusal-response.json';
import spousalSponsorship from './spousal-sponsorship.json';
import studyPermit from './study-permit.json';
import unknown from './unknown.json';
import visitorVisa from './visitor-visa.json';
import workPermit from './work-permit.json';
import { Rubric } from './rubricSchema';
import { DeterministicError } from '../../../core/errors/deterministicError';

export class RubricInvalid extends DeterministicError {
  override readonly name = 'RubricInvalid';
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`rubric ${file} is invalid: ${problems.join('; ')}`);
  }
}

const FILES: Record<ApplicationType, { file: string; data: unknown }> = {
  'spousal-sponsorship': { file: 'spousal-sponsorship.json', data: spousalSponsorship },
  'study-permit': { file: 'study-permit.json', data: studyPermit },
  'work-permit': { file: 'work-permit.json', data: workPermit },
  'visitor-visa': { file: 'visitor-visa.json', data: visitorVisa },
  'permanent-residence': { file: 'permanent-residence.json', data: permanentResidence },
  'refusal-response': { file: 'refusal-response.json', data: refusalResponse },
  unknown: { file: 'unknown.json', data: unknown },
};

/** Validates one rubric's data; throws RubricInvalid naming the file and each problem. */
export function parseRubric(file: string, data: unknown, expectedType?: ApplicationType): Rubric {
  const parsed = Rubric.safeParse(data);
  if (!parsed.success) throw new RubricInvalid(file, parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
  const rubric = parsed.data;
  const index = loadResearchIndex();
  const problems: string[] = [];
  if (expectedType && rubric.applicationType !== expectedType) problems.push(`applicationType is '${rubric.applicationType}', expected '${expectedType}'`);
  for (const factor of rubric.factors) {
    for (const id of factor.provisions) if (!index.findProvision(id)) problems.push(`factor '${factor.id}' cites ${id}, which the bundled index does not hold`);
  }
  if (problems.length) throw new RubricInvalid(file, problems);
  return rubric;
}

const cache = new Map<ApplicationType, Rubric>();

export function loadRubric(type: ApplicationType): Rubric {
  let rubric = cache.get(type);
  if (!rubric) {
    const { file, data } = FILES[type];
    rubric = parseRubric(file, data, type);
    cache.set(type, rubric);
  }
  return rubric;
}

const REFUSAL_RUBRIC: ApplicationType = 'refusal-response';
const refusalCache = new Map<ApplicationType, Rubric>();

/**
 * The refusal rubric for a refused kind of application: the factors for every kind, and those whose
 * `forTypes` name this kind (an unknown kind gets none of them: the grounds cannot be told). Leaving
 * factors out rescales the others in proportion, so the weights still add to 100 and the score keeps
 * one meaning.
 */
export function loadRefusalRubric(refusedKind: ApplicationType): Rubric {
  let rubric = refusalCache.get(refusedKind);
  if (!rubric) {
    const all = loadRubric(REFUSAL_RUBRIC);
    const kept = all.factors.filter((f) => !f.forTypes || f.forTypes.includes(refusedKind));
    const total = kept.reduce((sum, f) => sum + f.weight, 0);
    rubric = kept.length === all.factors.length ? all : { ...all, factors: kept.map((f) => ({ ...f, weight: (f.weight * 100) / total })) };
    refusalCache.set(refusedKind, rubric);
  }
  return rubric;
}

/** Every rubric, by application type. */
export function loadAllRubrics(): Record<ApplicationType, Rubric> {
  return Object.fromEntries((Object.keys(FILES) as ApplicationType[]).map((type) => [type, loadRubric(type)])) as Record<ApplicationType, Rubric>;
}
