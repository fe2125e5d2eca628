/**
 * Misrepresentation findings in the file (IRPA 40(1)(a)) and the day their five-year period runs
 * from (IRPA 40(2)(a)): outside Canada, the final determination; in Canada, the day the removal
 * order is enforced. A finding is either an earlier Canadian decision in the timeline or the
 * officer's ground in the decision the file answers; in a refusal file the latter is the ground
 * under challenge (its period is a consequence to show, never a bar against the challenger).
 */
import type { TimelineEvent } from '../contracts/caseFacts';
import type { Evidence } from '../contracts/evidence';
import { dayRange, type DayRange } from './calendar';
import { eventsOf, evidenceOf, isRefusalFile, latestOf, type CaseInput } from './caseInput';
import { hasCue } from './lexicon';

export interface MisrepresentationFinding {
  /** The day the period runs from, when the file gives it. */
  start?: DayRange;
  /** The event it runs from, in words, and its date as the file gives it. */
  startEvent: string;
  startDate?: TimelineEvent['date'];
  /** A determination in Canada: the period runs from the removal order's enforcement. */
  inCanada: boolean;
  /** The decision this refusal file challenges. */
  underReview: boolean;
  evidence: Evidence[];
}

const CANADIAN = /canad/i;

/** A decision is Canada's when the file names no other country for it. */
const isCanadian = (e: TimelineEvent) => !e.country || CANADIAN.test(e.country);

const citesMisrepresentation = (e: TimelineEvent) => hasCue('misrepresentationGround', e.detail) || hasCue('misrepresentationGround', e.evidence.quote);

export function misrepresentationFindings(input: CaseInput): MisrepresentationFinding[] {
  const refusalFile = isRefusalFile(input);
  const decisions = ['refusal', 'decision'] as const;
  const current = refusalFile ? latestOf(input, decisions, ['applicant']) : undefined;
  const removal = eventsOf(input, 'removal-order', ['applicant']);
  const out: MisrepresentationFinding[] = [];
  const describe = (event: TimelineEvent | undefined, underReview: boolean, evidence: Evidence[]): MisrepresentationFinding => {
    const range = event?.date ? dayRange(event.date) : undefined;
    const order = range ? removal.find((r) => r.date && dayRange(r.date).last >= range.first) : undefined;
    if (order) {
      return { startEvent: 'the enforcement of the removal order', inCanada: true, underReview, evidence: [...evidence, ...evidenceOf(order)] };
    }
    return { start: range, startEvent: 'the final determination of misrepresentation', startDate: event?.date, inCanada: false, underReview, evidence };
  };
  for (const kind of decisions) {
    for (const e of eventsOf(input, kind, ['applicant'])) {
      if (!isCanadian(e) || !citesMisrepresentation(e)) continue;
      out.push(describe(e, e === current || (refusalFile && !e.date), evidenceOf(e)));
    }
  }
  const grounds = input.facts.officerFindings.filter((f) => f.kind === 'ground' && hasCue('misrepresentationGround', f.subject));
  if (grounds.length > 0 && !out.some((f) => f.underReview || !refusalFile)) {
    // The officer's ground dates from the decision that states it: the latest decision in the file.
    const decision = current ?? latestOf(input, decisions, ['applicant']);
    out.push(describe(decision, refusalFile, evidenceOf(grounds[0], decision)));
  }
  return out;
}
