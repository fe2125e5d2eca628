import * as z from 'zod';
import { ApplicationType, DocumentType } from '../../../contracts/intakeOutput';
import bundled from './consistencyRules.json';
import { DATE_SOURCE } from '../../../core/text/dates';
import { DeterministicError } from '../../../core/errors/deterministicError';

/** The rules file does not match its schema; `problems` names each bad field. */
export class ConsistencyRulesInvalid extends DeterministicError {
  override readonly name = 'ConsistencyRulesInvalid';
  constructor(readonly problems: string[]) {
    super(`consistencyRules.json: ${problems.join('; ')}`);
  }
}

const Regex = z.string().min(1).superRefine((source, ctx) => {
  try {
    if (new RegExp(source, 'iu').test('')) ctx.addIssue({ code: 'custom', message: `regex /${source}/ matches the empty string` });
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: `regex /${source}/ does not compile (${(err as Error).message})` });
  }
});
const Labels = z.array(Regex).min(1);

/** `{date}` in a rules-file pattern: a written date of any precision. */
export const fillDates = (source: string): string => source.replace(/\{date\}/g, `(?:${DATE_SOURCE})`);

/** A pattern with `{date}` placeholders whose group 1 is a date: it must compile once they are filled in. */
const DatedPattern = z.string().min(1).superRefine((source, ctx) => {
  try {
    const re = new RegExp(`${fillDates(source)}|`, 'imu');
    if ((re.exec('')?.length ?? 0) < 2) ctx.addIssue({ code: 'custom', message: `pattern /${source}/ has no group 1 (the date)` });
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: `pattern /${source}/ does not compile (${(err as Error).message})` });
  }
});

/** Where the intended stay of one application type ends. */
const StayEnd = z.strictObject({
  /** How the message names this date, e.g. "the program's expected completion". */
  what: z.string().min(1),
  documentTypes: z.array(DocumentType).min(1),
  patterns: z.array(DatedPattern).min(1),
});

export const ConsistencyRulesFile = z.strictObject({
  $comment: z.string().optional(),
  mentions: z.strictObject({
    $comment: z.string().optional(),
    /** Words that negate a mention in the same sentence ("never married"). */
    negation: Regex,
  }),
  labels: z.strictObject({
    dateOfBirth: Labels,
    relationshipStart: Labels,
    firstMeeting: Labels,
    childrenCount: Labels,
    civilStatus: Labels,
    residentialAddress: Labels,
  }),
  freeText: z.strictObject({
    childrenCount: Regex,
    previousMarriageMentions: Regex,
    previousMarriageContext: Regex,
    noneValues: Regex,
    statusImpliesPriorMarriage: Regex,
  }),
  numberWords: z.record(z.string(), z.number().int().nonnegative()),
  names: z.strictObject({
    $comment: z.string().optional(),
    maxEditsPerToken: z.number().int().positive(),
    minTokenLength: z.number().int().positive(),
    honorifics: z.array(z.string()),
    subjectLabels: Labels,
    attributionWindow: z.number().int().positive(),
  }),
  addresses: z.strictObject({
    $comment: z.string().optional(),
    minSimilarity: z.number().min(0).max(1),
    abbreviations: z.record(z.string(), z.string()),
  }),
  employment: z.strictObject({
    $comment: z.string().optional(),
    sectionHeading: Regex,
    claimDocumentTypes: z.array(DocumentType).min(1),
    letterDocumentTypes: z.array(DocumentType).min(1),
    toleranceMonths: z.number().int().nonnegative(),
    gapToleranceMonths: z.number().int().nonnegative(),
    overlapToleranceMonths: z.number().int().nonnegative(),
    employerStopWords: z.array(z.string()),
    presentWords: Regex,
    /** History entries with no employer to write a letter (self-employment, studies, unemployment). */
    noEmployer: Regex,
  }),
  passportValidity: z.strictObject({
    $comment: z.string().optional(),
    passportDocumentTypes: z.array(DocumentType).min(1),
    /** The heading of a form's passport section (the whole heading line, case-sensitive). */
    passportSection: Regex,
    /** Expiry labels read in passport documents and in the passport section of forms. */
    expiryLabels: Labels,
    /** Labels that name the passport themselves, read in any document. */
    passportExpiryLabels: Labels,
    numberLabels: Labels,
    /** Per application type; a type without a row is checked only for an expired passport. */
    stayEnds: z.partialRecord(ApplicationType, StayEnd),
  }),
});
export type ConsistencyRules = z.infer<typeof ConsistencyRulesFile>;

export function parseConsistencyRules(raw: unknown): ConsistencyRules {
  const parsed = ConsistencyRulesFile.safeParse(raw);
  if (!parsed.success) throw new ConsistencyRulesInvalid(parsed.error.issues.map((i) => `${i.path.join('.') || 'file'}: ${i.message}`));
  return parsed.data;
}

let bundledRules: ConsistencyRules | undefined;

/** The rules shipped with Case Audit (validated once per process). */
export function bundledConsistencyRules(): ConsistencyRules {
  bundledRules ??= parseConsistencyRules(bundled);
  return bundledRules;
}

/** A case-insensitive, Unicode, global regex from a rules-file source. */
export const rx = (source: string, flags = 'giu'): RegExp => new RegExp(source, flags);
