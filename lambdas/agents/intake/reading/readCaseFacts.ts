/**
 * The rules reader: fills the case-fact model (lambdas/contracts/caseFacts.ts) from the file's
 * extracted documents, in English and French, with no model. Each fact is a slice of a page
 * (verbatim evidence) with a confidence. Facts that disagree are kept side by side as conflicts.
 */
import type { CaseFacts, Declaration, FactConflict, TimelineEvent } from '../../../contracts/caseFacts';
import type { DocumentType, ExtractedDocument } from '../../../contracts/intakeOutput';
import { classifyDocument } from '../documents/classifyDocument';
import { documentLanguage } from './documentLanguage';
import { readApplication } from './readApplication';
import { readDeclarations } from './readDeclarations';
import { readEvents } from './readEvents';
import { mergeSameEvents } from './timeline';
import { readMoney } from './readMoney';
import { readOfficerFindings } from './readOfficerFindings';
import { readParties } from './readParties';
import { readingDocument, type ReadingDocument } from './readingDocument';

export interface ReadOptions {
  /** Types already given to the documents (Intake's classification); read here when absent. */
  types?: ReadonlyMap<string, { type: DocumentType; confidence: number; signals: string[] }>;
}

/** Keeps the first fact of each key, raising its confidence to the best seen. */
function distinct<T extends { confidence: number }>(facts: T[], key: (f: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const f of facts) {
    const k = key(f);
    const seen = byKey.get(k);
    if (!seen) byKey.set(k, f);
    else if (f.confidence > seen.confidence) byKey.set(k, { ...seen, confidence: f.confidence });
  }
  return [...byKey.values()];
}

/** Which events answer which declared "No". */
const CONTRADICTED_BY: Record<string, string[]> = {
  'prior-refusal': ['refusal'],
  criminality: ['charge', 'conviction'],
  overstay: ['overstay'],
  removal: ['removal-order'],
  'previous-marriage': ['divorce'],
  'previous-sponsorship': ['previous-sponsorship'],
};

function conflictsOf(timeline: TimelineEvent[], declarations: Declaration[]): FactConflict[] {
  const out: FactConflict[] = [];
  for (const d of declarations) {
    if (d.answer !== 'no') continue;
    const events = timeline.filter((e) => (CONTRADICTED_BY[d.topic] ?? []).includes(e.kind) && e.person === d.person);
    for (const e of events) {
      out.push({
        topic: `${d.topic} (${d.person})`,
        readings: [
          { value: `declared: no`, evidence: d.evidence, source: d.source },
          { value: `${e.kind}${e.date ? ` ${e.date.iso}` : ''}`, evidence: e.evidence, source: e.source },
        ],
      });
    }
  }
  // One event given different dates in different documents (a marriage on two days).
  const byKind = new Map<string, TimelineEvent[]>();
  for (const e of timeline) if (e.date && e.date.precision === 'day' && ['marriage', 'divorce', 'first-meeting', 'engagement', 'sponsored-person-landed'].includes(e.kind)) byKind.set(`${e.kind}|${e.person}`, [...(byKind.get(`${e.kind}|${e.person}`) ?? []), e]);
  for (const [key, events] of byKind) {
    const dates = [...new Set(events.map((e) => e.date!.iso))];
    if (dates.length < 2) continue;
    out.push({ topic: key.replace('|', ' of '), readings: dates.map((iso) => events.find((e) => e.date!.iso === iso)!).map((e) => ({ value: e.date!.iso, evidence: e.evidence, source: e.source })) });
  }
  return out;
}

export function readCaseFacts(documents: readonly ExtractedDocument[], options: ReadOptions = {}): CaseFacts {
  const readable = documents.filter((d) => d.pages.some((p) => p.text.trim().length > 0));
  const readings = documents.map((doc) => {
    const given = options.types?.get(doc.docId);
    const typed = given ?? (() => {
      const c = classifyDocument(doc);
      return { type: c.type, confidence: c.type === 'other' ? 0.3 : 0.75, signals: [c.reason] };
    })();
    const language = documentLanguage(doc.pages.map((p) => p.text).join('\n'));
    const unsupported = language === 'other' && typed.type === 'other';
    return {
      docId: doc.docId,
      type: typed.type,
      typeConfidence: unsupported ? Math.min(typed.confidence, 0.2) : typed.confidence,
      typeSignals: unsupported ? ['unsupported language: neither English nor French, and no form number or layout settles the type'] : typed.signals,
      language,
    };
  });
  // A document in another language is typed (by form number and layout) but not read with English or French lexicons.
  const docs: ReadingDocument[] = readable.filter((doc) => readings.find((x) => x.docId === doc.docId)!.language !== 'other').map((doc) => {
    const r = readings.find((x) => x.docId === doc.docId)!;
    return readingDocument(doc, r.type, r.language);
  });
  const application = readApplication(docs);
  const spousal = application.kind.endsWith('sponsorship');
  const timeline = distinct(
    mergeSameEvents(docs.flatMap((doc) => readEvents({ doc, spousal }))),
    (e) => `${e.kind}|${e.person}|${e.date?.iso ?? `${e.evidence.docId}:${e.evidence.quote}`}`,
  );
  const declarations = distinct(docs.flatMap(readDeclarations), (d) => `${d.topic}|${d.person}|${d.answer}|${d.evidence.docId}`);
  const money = distinct(docs.flatMap(readMoney), (m) => `${m.kind}|${m.amount}|${m.currency}|${m.date?.iso ?? ''}`);
  const parties = distinct(docs.flatMap(readParties), (p) => `${p.role}|${p.name.toLowerCase()}`);
  const officerFindings = distinct(docs.flatMap(readOfficerFindings), (f) => `${f.kind}|${f.subject}`);
  return { documents: readings, parties, application, timeline, declarations, money, officerFindings, conflicts: conflictsOf(timeline, declarations) };
}
