/**
 * The rules reader: fills the case-fact model (lambdas/contracts/caseFacts.ts) from the file's
 * extracted documents, in English and French, with no model. Each fact is a slice of a page
 * (verbatim evidence) with a confidence. Facts that disagree are kept side by side as conflicts.
 */
import type { CaseFacts } from '../../../contracts/caseFacts';
import type { DocumentType, ExtractedDocument } from '../../../contracts/intakeOutput';
import { readDocumentType } from '../documents/typing/readDocumentType';
import { conflictsOf } from './conflicts';
import { readExpressEntryFacts } from './expressEntry';
import { documentLanguage } from './documentLanguage';
import { readApplication } from './readApplication';
import { readDeclarations } from './readDeclarations';
import { withSignedDate } from './declarationSigned';
import { letterDate } from './events/ownDates';
import { readEvents } from './readEvents';
import { mergeSameEvents } from './timeline';
import { readMoney } from './readMoney';
import { readOfficerFindings } from './readOfficerFindings';
import { readParties } from './readParties';
import { readStatusEvents } from './readStatusEvents';
import { readingDocument, type ReadingDocument } from './readingDocument';

export interface ReadOptions {
  /** Types already given to the documents (Intake's typing); read here when absent. */
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

/**
 * Facts quoted from a page read by OCR: source `ocr`, and no surer than the OCR was of the page.
 * Reading itself is unchanged; only the facts' provenance is marked here.
 */
function markOcrFacts(documents: readonly ExtractedDocument[]) {
  const confidence = new Map<string, number>();
  for (const doc of documents) for (const p of doc.pages) if (p.source === 'ocr') confidence.set(`${doc.docId}#${p.page}`, p.ocrConfidence ?? 0);
  return <T extends { evidence: { docId: string; page?: number }; confidence: number; source: string }>(facts: T[]): T[] => {
    if (!confidence.size) return facts;
    return facts.map((f) => {
      const ocr = confidence.get(`${f.evidence.docId}#${f.evidence.page ?? 1}`);
      return ocr === undefined ? f : { ...f, source: 'ocr', confidence: Math.min(f.confidence, ocr) };
    });
  };
}

/** A document's reading with the date it gives itself (an employer's letter: when it vouched for the job). */
function withOwnDate(reading: CaseFacts['documents'][number], doc: ReadingDocument | undefined): CaseFacts['documents'][number] {
  const dated = doc && letterDate(doc);
  return dated ? { ...reading, dated } : reading;
}

export function readCaseFacts(documents: readonly ExtractedDocument[], options: ReadOptions = {}): CaseFacts {
  const readable = documents.filter((d) => d.pages.some((p) => p.text.trim().length > 0));
  const readings = documents.map((doc) => {
    const typed = options.types?.get(doc.docId) ?? readDocumentType(doc);
    return {
      docId: doc.docId,
      type: typed.type,
      typeConfidence: typed.confidence,
      typeSignals: typed.signals,
      language: documentLanguage(doc.pages.map((p) => p.text).join('\n')),
    };
  });
  // A document in another language is typed (by form number and layout) but not read with English or French lexicons.
  const docs: ReadingDocument[] = readable.filter((doc) => readings.find((x) => x.docId === doc.docId)!.language !== 'other').map((doc) => {
    const r = readings.find((x) => x.docId === doc.docId)!;
    return readingDocument(doc, r.type, r.language);
  });
  const application = readApplication(docs);
  const spousal = application.kind.endsWith('sponsorship');
  const visitor = application.kind === 'visitor-visa' || application.kind === 'super-visa';
  // An economic-class application is assessed on its work periods, study periods and language tests: read first, so their details are kept.
  const economic = application.kind === 'permanent-residence';
  const timeline = distinct(
    mergeSameEvents(docs.flatMap((doc) => [...(economic ? readExpressEntryFacts(doc) : []), ...readEvents({ doc, spousal, visitor }), ...readStatusEvents(doc)])),
    (e) => `${e.kind}|${e.person}|${e.date?.iso ?? `${e.evidence.docId}:${e.evidence.quote}`}`,
  );
  const declarations = distinct(docs.flatMap((doc) => withSignedDate(doc, readDeclarations(doc))), (d) => `${d.topic}|${d.person}|${d.answer}|${d.evidence.docId}`);
  const money = distinct(docs.flatMap(readMoney), (m) => `${m.evidence.docId}|${m.kind}|${m.amount}|${m.currency}|${m.date?.iso ?? ''}`);
  const parties = distinct(docs.flatMap(readParties), (p) => `${p.role}|${p.name.toLowerCase()}`);
  // One per document: a ground the refusal letter lists and the notes reason out are two statements of it.
  const officerFindings = distinct(docs.flatMap(readOfficerFindings), (f) => `${f.kind}|${f.subject}|${f.evidence.docId}`);
  const ocr = markOcrFacts(documents);
  return {
    documents: readings.map((r) => withOwnDate(r, docs.find((d) => d.docId === r.docId))),
    parties: ocr(parties),
    application,
    timeline: ocr(timeline),
    declarations: ocr(declarations),
    money: ocr(money),
    officerFindings: ocr(officerFindings),
    conflicts: conflictsOf(ocr(timeline), ocr(declarations)),
  };
}
