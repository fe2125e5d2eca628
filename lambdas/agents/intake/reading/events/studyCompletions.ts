/**
 * Studies a document tells by their completion ("completed all the requirements … as of 19 April
 * 2024", "the degree was conferred upon …", « Diplôme délivré le 22 juillet 2020 »; events.json
 * `studyCompleted`). Such a statement dates the end of the studies:
 * - where the document dates their start ("enrolled … from 8 September 2022"), it closes that period
 *   and is no second one;
 * - read over an academic year ("au titre de l'année universitaire 2019-2020"), that is the last year of
 *   study and the completion is at its end (a period of days or months it names, « qui a suivi la
 *   formation du 15 octobre 2014 au 30 juillet 2016 », is the studies' own and stays);
 * - said twice (a diploma's title line with its year, then "Diplôme délivré le …"), it is one
 *   completion, on the more precise date.
 */
import type { FactDate, TimelineEvent } from '../../../../contracts/caseFacts';

/** Two years in a row ("2019-2020"): one academic year. */
const academicYear = (from: FactDate, to: FactDate) => from.precision === 'year' && to.precision === 'year' && Number(to.iso) - Number(from.iso) === 1;

/** `out` with each completion settled as above (the events are the reader's own objects, changed in place). */
export function settleCompletions(out: TimelineEvent[], completions: ReadonlySet<TimelineEvent>): TimelineEvent[] {
  for (const done of completions) if (done.date && done.end && academicYear(done.date, done.end)) {
    done.date = done.end;
    delete done.end;
  }
  const dropped = new Set<TimelineEvent>();
  for (const done of completions) {
    const begun = out.find((o) => o.kind === 'study' && !completions.has(o) && o.person === done.person && !o.end && o.date && done.date && o.date.iso < done.date.iso);
    if (begun && done.date) {
      begun.end = done.date;
      dropped.add(done);
      continue;
    }
    const sharper = [...completions].find(
      (o) => o !== done && !dropped.has(o) && o.person === done.person && o.evidence.docId === done.evidence.docId && o.date && done.date && o.date.iso.length > done.date.iso.length && o.date.iso.startsWith(done.date.iso),
    );
    if (sharper) dropped.add(done);
  }
  return out.filter((e) => !dropped.has(e));
}
