import type { ReviewDecision, Session } from '../../../core/session/sessionSchema';
import { inline, md, type Markdown } from '../markdown';
import type { ReportModel } from '../reportModel';

export const REVIEW_HEADING = 'Lawyer review';
export const NOT_REVIEWED = 'Not reviewed — review period expired';

const when = (iso: string) => inline(iso.slice(0, 16).replace('T', ' ') + ' UTC');

function decisionLine(d: ReviewDecision): Markdown {
  const who = md`by ${inline(d.reviewer)} on ${when(d.at)}`;
  if (d.decision === 'return') return md`Returned to the ${inline(d.stage ?? '?')} stage ${who}; that stage was run again with the reviewer's instructions.`;
  return md`Approved ${who}.`;
}

/**
 * The human review (issue 33): who approved or returned the audit and when, the reviewer's note, or
 * that nobody reviewed it in time. Empty when the audit was not held for review. The reporter passes
 * the whole session as `m.session`; `review` is read from it here so the report model stays as it is
 * (the reporter is being restructured elsewhere).
 */
export function reviewSection(m: ReportModel): string[] {
  const review = (m.session as Partial<Pick<Session, 'review'>>).review;
  if (!review) return [];
  const lines: Markdown[] = [md`## ${inline(REVIEW_HEADING)}`, md`Held for review because of: ${inline(review.reason)}.`];
  for (const earlier of review.history) {
    lines.push(decisionLine(earlier));
    if (earlier.note) lines.push(md`> Reviewer's instructions: ${inline(earlier.note)}`);
  }
  if (review.state === 'expired') {
    lines.push(md`**${inline(NOT_REVIEWED)}.** Nobody approved this report by ${when(review.deadline)}; it is the draft as the audit produced it.`);
  } else if (review.decision) {
    lines.push(decisionLine(review.decision));
    if (review.decision.note) lines.push(md`> Reviewer's note: ${inline(review.decision.note)}`);
  }
  return [lines.join('\n\n')];
}
