/**
 * Status events the legal rules count from (lambdas/law/), read sentence by sentence with their own
 * lexicon (`lexicons/statusEvents.json`, English and French): the sponsor's own landing as a
 * sponsored spouse or partner (IRPR 130(3)), an Express Entry invitation, a passport's expiry and a
 * CAQ issued. A sentence that negates or only anticipates the event (a CAQ applied for) gives none.
 */
import * as z from 'zod';
import { EventKind, PartyRole, type TimelineEvent } from '../../../contracts/caseFacts';
import { DocumentType } from '../../../contracts/documentTypes';
import raw from './lexicons/statusEvents.json';
import { quoteOf, type ReadingDocument } from './readingDocument';
import { datesIn } from './textReaders';

const StatusEventRow = z.strictObject({
  person: PartyRole,
  /** Read only in documents of these types (all when absent). */
  documentTypes: z.array(DocumentType).optional(),
  cues: z.array(z.string().min(1)).min(1),
  unless: z.array(z.string().min(1)),
  /** No event without a date after the cue (boilerplate names an invitation or a CAQ without one). */
  requiresDate: z.boolean().optional(),
  /** The date may stand before the cue in its sentence ("On 6 November 2024, you were invited to apply"). */
  dateBefore: z.boolean().optional(),
});
const StatusEventsFile = z.strictObject({ $comment: z.string().optional(), events: z.partialRecord(EventKind, StatusEventRow) });

const rows = Object.entries(StatusEventsFile.parse(raw).events).map(([kind, row]) => ({
  kind: kind as TimelineEvent['kind'],
  person: row.person,
  documentTypes: row.documentTypes,
  cue: new RegExp(row.cues.map((c) => `(?:${c})`).join('|'), 'iu'),
  unless: row.unless.length ? new RegExp(row.unless.map((c) => `(?:${c})`).join('|'), 'iu') : undefined,
  requiresDate: row.requiresDate ?? false,
  dateBefore: row.dateBefore ?? false,
}));

export function readStatusEvents(doc: ReadingDocument): TimelineEvent[] {
  const out: TimelineEvent[] = [];
  for (const row of rows) {
    if (row.documentTypes && !row.documentTypes.includes(doc.type)) continue;
    for (const page of doc.pages) {
      for (const segment of page.segments) {
        const cue = row.cue.exec(segment.text);
        if (!cue || row.unless?.test(segment.text)) continue;
        const after = cue.index + cue[0].length;
        const dates = datesIn(segment.text, doc.dateOrder);
        const date = dates.find((d) => d.start >= after) ?? (row.dateBefore ? dates.filter((d) => d.end <= cue.index && !/[.;!?]/u.test(segment.text.slice(d.end, cue.index))).pop() : undefined);
        if (!date && row.requiresDate) continue;
        out.push({
          kind: row.kind,
          person: row.person,
          ...(date ? { date: { iso: date.iso, precision: date.precision, ...(date.ambiguous ? { ambiguous: date.ambiguous } : {}) } } : {}),
          evidence: quoteOf(doc, page, segment.start, segment.end, segment.start + cue.index),
          confidence: date ? 0.75 : 0.6,
          source: 'rules',
        });
      }
    }
  }
  return out;
}
