import type { DocumentSummary } from '../../../contracts/intakeOutput';
import { checkDocuments, type ChecklistEntry } from '../../../core/checklists/documentChecklist';
import { bold, bullet, inline, md, type Markdown } from '../markdown';
import type { ReportModel } from '../reportModel';
import { applicationLabel, profileFacts } from './caseSummary';
import { outcomePromises } from './storedFindings';

const FIXES: Record<string, string> = {
  empty: 'the file is empty — please send the document again',
  corrupt: 'the file is damaged and cannot be opened — please export or scan it again',
  encrypted: 'the file is password-protected — please send a copy without a password',
  'needs-ocr': 'the file is a scan with no readable text — please send a text PDF or a clearer scan so it can be read',
  unsupported: 'this kind of file cannot be read — please send it as a PDF',
  mislabeled: 'the file name does not match its contents — please check it is the document you meant to send',
  'too-large':
    'the file is larger than we can accept, or it is a compressed file that unpacks to far more than is safe to open — ' +
    'please send a smaller copy, for example by splitting the PDF into parts',
  unreadable: 'the file could not be read from your computer (for example, permission to open it was refused) — please send it again',
};

export const NO_PROMISE =
  'Nobody can promise you a result: not us, not your representative, and not anyone else. ' +
  'An immigration officer decides your application and keeps discretion over it. ' +
  'This guidance describes your documents only; it does not predict what will happen.';

/** General cautions for every client, in plain words. They describe risks, not conclusions about this file. */
const WHAT_TO_AVOID: readonly string[] = [
  'Giving different answers in different places. Dates, names, addresses, jobs, family members and travel history should read the same on every form, letter and interview answer. If something has changed, tell your representative rather than leaving it unexplained.',
  'Sending documents that contradict your forms. If a document says something different from what you wrote on a form, ask your representative how to explain the difference before you send it.',
  'Leaving out something a form asks about, such as a past refusal of a visa or permit for any country. Leaving facts out can cause serious problems of its own.',
  'Sending altered, borrowed or invented documents, or signing a form you have not read. Sign only what you have read and know to be true.',
  'Paying anyone who promises you a visa or says they can make sure you are accepted. No one can honestly offer that. Work only with an authorized representative: a lawyer, a Quebec notary or a licensed immigration consultant.',
];

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

/** "letter.pdf (letter of acceptance, 2 pages)": the name is the client's own text and is escaped. */
const received = (d: DocumentSummary): Markdown =>
  md`${inline(d.name)} (${inline(d.type.replace(/-/g, ' '))}, ${inline(d.pages === 1 ? '1 page' : `${d.pages} pages`)})`;

/** "**name**: what to do"; an unknown status falls back to the intake's own detail, escaped too. */
const fixFor = (d: DocumentSummary): Markdown => md`${bold(d.name)}: ${inline(FIXES[d.status] ?? d.statusDetail)}`;

const toPrepare = (e: ChecklistEntry): Markdown => md`${bold(e.label)} — ${inline(e.reason)}`;

/**
 * What to prepare: the checklist's missing items (required first), then readable copies of the documents
 * that could not be read. The gatekeeper's checklist when that stage ran; otherwise the same checklist
 * applied here to the intake's documents (a list of documents, not an assessment of the file).
 */
function preparePart(m: ReportModel, unreadable: readonly DocumentSummary[]): string[] {
  const checklist = m.gatekeeper?.checklist ?? checkDocuments(m.intake.applicationType, m.intake.documents);
  const missing = [...checklist.missing.filter((e) => e.required), ...checklist.missing.filter((e) => !e.required)];
  const items = missing.map(toPrepare);
  if (unreadable.length) {
    items.push(md`A new, readable copy of: ${inline(unreadable.map((d) => d.name).join(', '))} (see “What to fix” below).`);
  }
  const parts: string[] = [];
  if (m.intake.applicationType === 'unknown') {
    parts.push('We could not tell yet which application this is, so this list covers only what every application needs. Your representative will tell you what else to prepare.');
  }
  parts.push(items.length ? bullet(items) : 'Every document on the usual list for this application is in your file. Your representative may still ask for more.');
  return parts;
}

function noPromisePart(m: ReportModel): string[] {
  const asking = documentsAskingForAssurance(m);
  const parts: string[] = [];
  if (asking.length) {
    parts.push(
      md`${inline(asking.length === 1 ? 'One of your documents' : 'Some of your documents')} (${inline(asking.join(', '))}) ${inline(asking.length === 1 ? 'asks' : 'ask')} for an assurance about the result. We cannot give one.`,
    );
  }
  parts.push(NO_PROMISE);
  return parts;
}

/** Plain-language guidance for the client: what we received, what to prepare, fix and avoid. No legal conclusions, no promises. */
export function clientGuidanceSection(m: ReportModel): string {
  const unreadable = m.intake.documents.filter((d) => d.status !== 'ok');
  return [
    '## Guidance for you',
    md`Your documents look like an application for: ${bold(applicationLabel(m.intake.applicationType))}. ` +
      'Your representative will confirm this with you.',
    '### What we received',
    bullet(m.intake.documents.map(received)),
    '### What to prepare',
    ...preparePart(m, unreadable),
    '### What to fix',
    unreadable.length ? bullet(unreadable.map(fixFor)) : 'Every document could be read. Nothing to fix right now.',
    '### What to avoid',
    // Our own fixed sentences, with no text from the file in them.
    bullet(WHAT_TO_AVOID.map((line) => line as Markdown)),
    '### What nobody can promise',
    ...noPromisePart(m),
    '### What happens next',
    'Your representative reviews the file and tells you if anything else is needed. ' +
      'This guidance describes your documents only; it is not an opinion on your chances and not legal advice.',
  ].join('\n\n');
}
