/**
 * Restoration (IRPR 182(1)): a visitor, worker or student in Canada whose extension is refused after
 * the authorized stay ran out kept their status until the decision (IRPR 183(5)(a)) and lost it that
 * day; they may apply to restore it within 90 days after losing it. Counted from the refusal's day,
 * the day status is lost when the permit had expired while the extension was pending; when the
 * permit was still valid, status ends with it and the 90 days run from its expiry (the check says so).
 */
import type { ApplicationKind } from '../../contracts/caseFacts';
import type { Deadline } from '../../contracts/legalAnalysis';
import { addDays } from '../calendar';
import { isRefusalFile, latestOf, type CaseInput } from '../caseInput';
import { matterArises } from '../review/forum';
import { deadlineRule } from './deadlineData';
import { dated } from './dated';

/** Temporary residence: the statuses IRPR 182 restores (visitor, worker, student). */
const TEMPORARY: ReadonlySet<ApplicationKind> = new Set<ApplicationKind>(['study-permit', 'work-permit', 'visitor-visa', 'super-visa']);

const CHECK =
  'Restoration is open only to a visitor, worker or student who lost status by staying past the authorized period or by breaching a condition on work or studies (IRPR 182(1), 185(a) to (c)), who meets the initial requirements for the stay and has complied with the other conditions; a student in breach of IRPR 220.1(1) cannot be restored (IRPR 182(2)). The count starts on the day status was lost: the refusal\'s day if the permit had expired while the extension was pending (IRPR 183(5)(a)); if the permit was still valid that day, its expiry. Confirm the permit\'s expiry date.';

export function restorationDeadline(input: CaseInput): Deadline[] {
  // A refusal made in Canada of a temporary resident's application; a decision abroad ends no status in Canada.
  if (!isRefusalFile(input) || matterArises(input) !== 'inside-canada' || !TEMPORARY.has(input.facts.application.kind)) return [];
  const refusal = latestOf(input, ['refusal', 'decision'], ['applicant']);
  return [
    dated({
      rule: deadlineRule('restoration'),
      start: { event: 'the refusal (the day status was lost, if the permit had already expired)', ...(refusal?.date ? { date: refusal.date } : {}), ...(refusal ? { evidence: refusal.evidence } : {}) },
      period: '90 days',
      lastDay: (d) => addDays(d, 90),
      asOf: input.asOf,
      kind: 'limit',
      meaning: 'to apply to restore temporary resident status lost on the refusal',
      check: CHECK,
    }),
  ];
}
