/**
 * The Intake agent's deterministic core: extract every document (bounded concurrency; PDFs on the
 * shared pool of threads when the folder's pages justify it), quarantine the text a reader would not
 * see or that addresses a language model, type each document by weighted evidence, recognise the
 * application type and build the applicant profile. No legal analysis.
 */
import type { ClassifiedDocument } from './classifyDocument';
import { readCaseFacts } from '../reading/readCaseFacts';
import { readDocumentType } from './typing/readDocumentType';
import type { CaseFacts } from '../../../contracts/caseFacts';
import type { ApplicationType } from '../../../contracts/intakeOutput';
import { buildApplicantProfile } from './buildApplicantProfile';
import { type DocumentFile, extractDocument, type ExtractDocumentOptions } from './extractDocument';
import { type DocumentSummary, type ExtractedDocument, IntakeResult } from '../../../contracts/intakeOutput';
import { mapWithConcurrency } from '../../../core/concurrency/mapWithConcurrency';
import { estimatePdfPages } from './pdf/estimatePdfPages';
import { pdfPoolThreadsFor } from './pdfWorkerPool';
import { quarantineDocument } from './quarantine/quarantineDocument';
import type { PassageScreener } from '../../../contracts/quarantinedPassage';
import { recognizeApplicationType, type ApplicationTypeDecision } from './recognizeApplicationType';

export interface RunIntakeOptions extends ExtractDocumentOptions {
  /** Documents extracted at the same time (default: enough to keep the PDF threads busy). */
  concurrency?: number;
  /**
   * Finds passages addressed to the audit's language models (the intake agent passes the gatekeeper's
   * prompt-injection patterns). They are quarantined like hidden text: out of the pages every later
   * step reads, onto the document's `quarantined` list.
   */
  screenPassages?: PassageScreener;
}

/** A document that could not even be fetched (unreadable on disk, over the size limit): its status is known. */
export interface UnreadableFile {
  docId: string;
  name: string;
  problem: { status: Extract<DocumentSummary['status'], 'unreadable' | 'too-large'>; detail: string };
}

export interface IntakeRun {
  result: IntakeResult;
  extracted: ExtractedDocument[];
}

const DEFAULT_CONCURRENCY = 4;

/**
 * How the folder's documents are read: the PDF pool's threads are used for all its PDFs when their
 * pages together justify it (a folder of short PDFs as well as one long PDF), and enough documents
 * are in flight to keep every thread busy (each thread reads one document at a time).
 */
function extractionPlan(files: ReadonlyArray<DocumentFile | UnreadableFile>, options: RunIntakeOptions): { concurrency: number; extract: ExtractDocumentOptions } {
  const pdf = options.pdf ?? {};
  const pages = files.reduce((sum, file) => sum + ('problem' in file ? 0 : estimatePdfPages(file.bytes)), 0);
  const threads = pdf.parallel === false ? 0 : (pdf.poolThreads ?? pdfPoolThreadsFor(pages, pdf.parallel === true));
  return {
    concurrency: options.concurrency ?? Math.max(DEFAULT_CONCURRENCY, 2 * threads),
    extract: { ...options, pdf: { ...pdf, poolThreads: threads } },
  };
}

/** The pages OCR read, with the mean of their confidences, or nothing when no page came from OCR. */
function ocrOf(doc: ExtractedDocument): DocumentSummary['ocr'] {
  const read = doc.pages.filter((p) => p.source === 'ocr');
  if (!read.length) return undefined;
  const confidence = read.reduce((sum, p) => sum + (p.ocrConfidence ?? 0), 0) / read.length;
  return { pages: read.map((p) => p.page), confidence: Math.round(confidence * 100) / 100 };
}

function summarise(doc: ExtractedDocument, type: DocumentSummary['type'], typeReason: string): DocumentSummary {
  const ocr = ocrOf(doc);
  return {
    ...(ocr ? { ocr } : {}),
    docId: doc.docId,
    name: doc.name,
    status: doc.status,
    statusDetail: doc.statusDetail,
    type,
    typeReason,
    pages: doc.pageCount,
    characters: doc.pages.reduce((sum, p) => sum + p.text.length, 0),
  };
}

function withoutText(file: UnreadableFile): ExtractedDocument {
  return { docId: file.docId, name: file.name, format: 'unknown', status: file.problem.status, statusDetail: file.problem.detail, pages: [], pageCount: 0 };
}

/** The workflow's application types, from the fact model's kinds. */
const WORKFLOW_TYPES: Partial<Record<CaseFacts['application']['kind'], ApplicationType>> = {
  'spousal-sponsorship': 'spousal-sponsorship',
  'common-law-sponsorship': 'spousal-sponsorship',
  'conjugal-sponsorship': 'spousal-sponsorship',
  'study-permit': 'study-permit',
  'work-permit': 'work-permit',
  'visitor-visa': 'visitor-visa',
  'super-visa': 'visitor-visa',
  'permanent-residence': 'permanent-residence',
};

/**
 * When the forms and document types settle nothing, the fact model's reading of the file's own words
 * (a French CAQ and acceptance letter, a letter about an intra-company transfer) names the type.
 */
function withFactModel(recognised: ApplicationTypeDecision, facts: CaseFacts): ApplicationTypeDecision {
  const mapped = WORKFLOW_TYPES[facts.application.kind];
  if (recognised.type !== 'unknown' || !mapped || facts.application.confidence < 0.6) return recognised;
  const read = `read from the file's wording (${facts.application.kind}${facts.application.subKinds.length ? `: ${facts.application.subKinds.join(', ')}` : ''})`;
  // A refusal file keeps its mark: the wording names what was refused.
  return { ...recognised, type: mapped, reason: recognised.refusal ? `refused application: ${read}` : read };
}

export async function runIntake(files: Array<DocumentFile | UnreadableFile>, options: RunIntakeOptions = {}): Promise<IntakeRun> {
  // Quarantine comes before classification and the profile: nothing downstream reads hidden text.
  const plan = extractionPlan(files, options);
  const extracted = await mapWithConcurrency(files, plan.concurrency, async (file) =>
    'problem' in file ? withoutText(file) : quarantineDocument(await extractDocument(file, plan.extract), { screener: options.screenPassages, source: file.bytes }),
  );
  const typed = extracted.map((doc) => ({ doc, ...readDocumentType(doc) }));
  const classified: ClassifiedDocument[] = typed.map(({ doc, type }) => ({ doc, type }));
  const caseFacts = readCaseFacts(extracted, { types: new Map(typed.map(({ doc, type, confidence, signals }) => [doc.docId, { type, confidence, signals }])) });
  const application = withFactModel(recognizeApplicationType(classified), caseFacts);
  const result = IntakeResult.parse({
    applicationType: application.type,
    applicationTypeReason: application.reason,
    ...(application.refusal ? { refusal: application.refusal } : {}),
    documents: typed.map(({ doc, type, signals }) => summarise(doc, type, signals.join('; '))),
    profile: buildApplicantProfile(classified),
    caseFacts,
  });
  return { result, extracted };
}
