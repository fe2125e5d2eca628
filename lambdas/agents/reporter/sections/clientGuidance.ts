import { answersRefusal } from '../../../core/caseKind/answersRefusal';
import type { DocumentSummary } from '../../../contracts/intakeOutput';
import { checkDocuments, type ChecklistEntry } from '../../../core/checklists/documentChecklist';
import { bold, bullet, inline, md, type Markdown } from '../markdown';
import type { ReportModel } from '../reportModel';
import { profileFacts } from './caseSummary';
import { outcomePromises } from './storedFindings';
import LEXICON from './clientGuidance.lexicon.json';

/**
 * Guidance for the client, in plain language: short sentences, no provision numbers, in French when the
 * file is French (the case-fact model gives each document's language). Every sentence is in
 * clientGuidance.lexicon.json, in both languages; the code only picks and fills them. No legal
 * conclusions, no promises.
 */
export type GuidanceLanguage = 'en' | 'fr';
type Lexicon = (typeof LEXICON)['en'];
const lexicon = (language: GuidanceLanguage): Lexicon => LEXICON[language] as Lexicon;

/** The English promise sentence (tests and the gate check it says no more than it should). */
export const NO_PROMISE: string = LEXICON.en.noPromise;

/** "{n} pages" with its blanks filled (values are raw text; callers escape the result). */
const fill = (template: string, values: Record<string, string | number>): string => template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));

/**
 * The client's language: French when most of the documents whose language was recognised are in French
 * (a French file with an English passport page is still a French client's file); English otherwise and
 * for audits stored before the case-fact model.
 */
export function guidanceLanguage(m: ReportModel): GuidanceLanguage {
  const languages = (m.intake.caseFacts?.documents ?? []).map((d) => d.language).filter((l) => l === 'en' || l === 'fr');
  const french = languages.filter((l) => l === 'fr').length;
  return french > 0 && french > languages.length - french ? 'fr' : 'en';
}

/** Provision numbers mean nothing to a client; the checklist's reasons sometimes end with one in brackets. */
const plain = (text: string): string => text.replace(/\s*\((?:IRPA|IRPR)[^)]*\)/g, '').trim();

/**
 * Text in the file that asks for an assurance about the result ("please confirm my visa will be approved",
 * "can you guarantee approval"). Ordinary declarations ("I certify that this information is true") do not match.
 */
const ASKS_FOR_ASSURANCE: readonly RegExp[] = [
  /\b(confirm|promise|guarantee|assure)\b[^.!?]{0,60}\b(will|would|is going to|are going to)\b[^.!?]{0,30}\b(approved|accepted|granted|issued|succeed|successful)\b/i,
  /\b(guarantee|promise)\b[^.!?]{0,40}\b(approval|success|acceptance|(a|the|my|our) (visa|permit))\b/i,
  /\b(please|can you|could you|tell me)\b[^.!?]{0,60}\bwill (definitely |surely |certainly )?(be|get) (approved|accepted|granted|issued)\b/i,
];

/** The documents (by name, as raw text) whose facts ask for an assurance, or that the gatekeeper flagged for promise wording. */
export function documentsAskingForAssurance(m: ReportModel): string[] {
  const found = new Set<string>();
  for (const { fact } of profileFacts(m.intake.profile)) {
    if (ASKS_FOR_ASSURANCE.some((re) => re.test(fact.value) || re.test(fact.evidence.quote))) found.add(fact.evidence.docId);
  }
  // The gatekeeper may also flag wording in an agent's own text; only the client's documents are named here.
  const documents = new Set(m.intake.documents.flatMap((d) => [d.docId, d.name]));
  for (const line of outcomePromises(m.gatekeeper)?.lines ?? []) if (documents.has(line.where)) found.add(line.where);
  return [...found];
}

/** "letter.pdf (2 pages)": the name is the client's own text and is escaped. */
function received(d: DocumentSummary, l: Lexicon): Markdown {
  const pages = d.pages === 1 ? l.pages.one : fill(l.pages.many, { n: d.pages });
  // A scan's text came from OCR, which can misread a letter or a digit: the client is asked to check it.
  return md`${inline(d.name)} (${inline(d.ocr ? `${pages}, ${l.readFromScan}` : pages)})`;
}

function itemText(e: ChecklistEntry, l: Lexicon): { label: string; reason: string } {
  const own = (l.items as Record<string, { label: string; reason: string } | undefined>)[e.item];
  return own ?? { label: e.label, reason: plain(e.reason.replace(/^(required|recommended):\s*/, '')) };
}

/**
 * What to do now: readable copies of the documents that could not be read, then the checklist's missing
 * items (required first). The gatekeeper's checklist when that stage ran; otherwise the same checklist
 * applied here to the intake's documents (a list of documents, not an assessment of the file).
 */
function todo(m: ReportModel, l: Lexicon): Markdown[] {
  const unreadable = m.intake.documents.filter((d) => d.status !== 'ok');
  const fixes = l.fixes as Record<string, string | undefined>;
  const items: Markdown[] = unreadable.map((d) => md`${inline(fill(l.sendAgain, { name: d.name, fix: fixes[d.status] ?? d.statusDetail }))}`);
  const checklist = m.gatekeeper?.checklist ?? checkDocuments(m.intake.applicationType, m.intake.documents, m.intake.caseFacts?.application, { answersRefusal: answersRefusal(m.intake, m.session.workflowType) });
  for (const e of [...checklist.missing.filter((x) => x.required), ...checklist.missing.filter((x) => !x.required)]) {
    const { label, reason } = itemText(e, l);
    items.push(md`${inline(fill(e.required ? l.prepareRequired : l.prepareRecommended, { label, reason }))}`);
  }
  return items;
}

function noPromisePart(m: ReportModel, l: Lexicon): string[] {
  const asking = documentsAskingForAssurance(m);
  const parts: string[] = [];
  if (asking.length) parts.push(inline(fill(asking.length === 1 ? l.askedOne : l.askedMany, { list: asking.join(', ') })));
  parts.push(inline(l.noPromise));
  return parts;
}

/** The application's name; a refusal file's names the refused kind when it is known. */
function guidanceTypeLabel(types: Record<string, string | undefined>, type: string, refusal: boolean): string {
  const label = types[type] ?? type;
  if (!refusal || type === 'refusal-response' || type === 'unknown') return refusal ? (types['refusal-response'] ?? label) : label;
  return `${types['refusal-response'] ?? ''} (${label})`;
}

/** The sentence naming the application, with its name in bold where the template puts `{type}`. */
function applicationTypeLine(l: Lexicon, type: string): Markdown {
  const [before, after = ''] = l.applicationType.split('{type}');
  // inline() trims the text it escapes, so the spaces around the name are put back here.
  const gap = (s: string, re: RegExp) => (re.test(s) ? ' ' : '');
  return md`${inline(before)}${inline(gap(before, /\s$/))}${bold(type)}${inline(gap(after, /^\s/))}${inline(after)}`;
}

/**
 * The client's guidance. Its first page is what to do now and the next step; then what to avoid, what
 * nobody can promise, and the documents received.
 */
export function clientGuidanceSection(m: ReportModel): string {
  const language = guidanceLanguage(m);
  const l = lexicon(language);
  const docs = m.intake.documents;
  const unread = docs.filter((d) => d.status !== 'ok').length;
  const items = todo(m, l);
  const types = l.applicationTypes as Record<string, string | undefined>;
  const parts: string[] = [
    `## ${l.heading}`,
    applicationTypeLine(l, guidanceTypeLabel(types, m.intake.applicationType, m.intake.refusal !== undefined)),
    bold(fill(l.documentsLine, { received: docs.length, read: docs.length - unread, again: unread })),
    `### ${l.todoHeading}`,
  ];
  if (m.intake.applicationType === 'unknown') parts.push(inline(l.unknownType));
  parts.push(items.length ? bullet(items) : inline(l.todoNone));
  parts.push(md`${bold(l.nextStepLabel)} ${inline(items.length ? l.nextStep : l.nextStepNothing)}`);
  parts.push(`### ${l.avoidHeading}`, bullet(l.avoid.map((line) => inline(line))));
  parts.push(`### ${l.promiseHeading}`, ...noPromisePart(m, l));
  parts.push(`### ${l.receivedHeading}`, bullet(docs.map((d) => received(d, l))));
  return parts.join('\n\n');
}
