import { PDFDocument } from 'pdf-lib';
import type { ReportModel } from '../reportModel';
import { renderReport } from '../renderReport';
import { applicationLabel } from '../sections/caseSummary';
import { MEMO_HEADING } from '../sections/memo';
import { URGENT_DEADLINE_LABELS, DEADLINE_LABELS } from '../sections/deadlines';
import { contentsHeight, disclaimerRuns, drawCoverContents, drawCoverHead } from './coverPage';
import { callout, drawBlock } from './drawBlocks';
import { drawPageFrames } from './pageFrame';
import { PageFlow } from './pageFlow';
import { pdfFontkit, ReportFonts } from './text/pdfFonts';
import { addNavigation } from './pdfNavigation';
import { COLORS, OUTCOME_COLORS, PAGE } from './pdfTheme';
import { parseReportMarkdown, plainText, type Block, type InlineRun } from './reportBlocks';
import { TextLayout } from './text/textLayout';
import { PageTextWriter } from './text/pageText';
import type { RGB } from 'pdf-lib';

/** What report.md opens with, and what the PDF shows on its cover instead of repeating it in the body. */
interface Opening {
  disclaimer: InlineRun[];
  /** Status lines between the title and the first section (the INCOMPLETE notice). */
  notices: InlineRun[][];
  body: Block[];
}

/**
 * Splits report.md's blocks into its opening (the disclaimer quote, the `#` title and its line of
 * audit facts, any status notices) and the sections that follow. The cover shows the disclaimer and
 * the facts; the notices open the body.
 */
function opening(blocks: readonly Block[]): Opening {
  const disclaimer: InlineRun[] = [];
  const notices: InlineRun[][] = [];
  let i = 0;
  for (; i < blocks.length; i++) {
    const b = blocks[i];
    if (b.kind === 'heading' && b.level <= 2 && b.level !== 1) break;
    if (b.kind === 'quote' && !disclaimer.length) disclaimer.push(...b.runs);
    else if (b.kind === 'heading' && b.level === 1) {
      // The title's line of facts (case, audit, tier, mode, date) is on the cover.
      if (blocks[i + 1]?.kind === 'paragraph') i++;
    } else if (b.kind === 'paragraph' || b.kind === 'quote') notices.push(b.runs);
    else break;
  }
  return { disclaimer, notices, body: blocks.slice(i) };
}

/** Paragraphs of the memo that are boxed: the outcome in its colour, urgent deadlines in red, the next step in gold. */
function memoHighlight(m: ReportModel, block: Block, first: boolean): RGB | undefined {
  if (block.kind !== 'paragraph') return undefined;
  const lead = block.runs[0];
  const text = lead?.bold ? lead.text : '';
  if (first) return m.judge ? (OUTCOME_COLORS[m.judge.outcome] ?? COLORS.navy) : COLORS.navy;
  if (text.startsWith(DEADLINE_LABELS.passed) || text.startsWith(DEADLINE_LABELS['due-today'])) return COLORS.oxblood;
  if (URGENT_DEADLINE_LABELS.some((label) => text.startsWith(label))) return COLORS.rust;
  if (text.startsWith('Next step') || text.startsWith('Prochaine étape')) return COLORS.gold;
  return undefined;
}

/**
 * report.pdf: the same report as report.md (read from the Markdown the section functions wrote, so
 * the two never differ in content), set in the "Judicial Authority" theme. Page one is the memo: the
 * title band, the disclaimer, the audit's facts with the score gauge and the outcome badge, then the
 * memo's own text (outcome, deadlines, top issues, next step) and the clickable contents at its foot.
 * Then the reasoning, a score chart over the rubric, real tables with repeating headers; the appendix
 * starts on a page of its own. Running headers and footers with the disclaimer line and page numbers,
 * bookmarks, embedded Unicode fonts, document metadata. Presentation only: nothing is scored or decided here.
 */
export async function renderReportPdf(m: ReportModel, markdown: string = renderReport(m)): Promise<Uint8Array> {
  const generated = new Date(m.generatedAt);
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(pdfFontkit);
  const fonts = await ReportFonts.embed(doc);
  const writer = new PageTextWriter();
  const text = new TextLayout(fonts, writer);
  const flow = new PageFlow(doc, text);

  const { disclaimer, notices, body } = opening(parseReportMarkdown(markdown));
  const cover = flow.newPage();
  flow.y = drawCoverHead(cover, text, m, disclaimerRuns(disclaimer));
  const sectionCount = body.filter((b) => b.kind === 'heading' && b.level === 2).length;
  // Room for the contents at the foot of page one (the note on missing characters is decided later; keep room for it).
  flow.firstPageBottom = PAGE.bodyBottom + contentsHeight(sectionCount, true);
  for (const notice of notices) callout(flow, notice, COLORS.oxblood, COLORS.goldPale);
  let section = '';
  let firstInSection = false;
  for (const block of body) {
    const title = block.kind === 'heading' && block.level === 2 ? plainText(block.runs) : undefined;
    // The appendix is for the machinery: it starts on a page of its own, after the reasoning.
    if (title?.startsWith('Appendix') && !flow.atTop) flow.newPage();
    const highlight = section === MEMO_HEADING ? memoHighlight(m, block, firstInSection) : undefined;
    if (highlight && block.kind === 'paragraph') callout(flow, block.runs, highlight, COLORS.goldPale);
    else drawBlock(flow, block);
    if (title !== undefined) section = title;
    firstInSection = title !== undefined;
  }

  const links = drawCoverContents(cover, text, flow.sections, text.missing);
  drawPageFrames(flow.pages, text, { workflowTitle: m.workflowTitle, caseId: m.session.caseId, tier: m.session.tier });
  addNavigation(doc, flow.pages, flow.sections, links);
  writer.finish(doc);

  doc.setTitle(`Case Audit — ${m.workflowTitle} — case ${m.session.caseId}`, { showInWindowTitleBar: true });
  doc.setSubject(`${SUBJECTS[m.session.workflowType] ?? 'Judicial defensibility report'} (${m.workflowTitle}, ${m.session.tier} tier) for a ${applicationLabel(m.intake.applicationType).toLowerCase()} file: not legal advice.`);
  doc.setAuthor('Case Audit');
  doc.setCreator('Case Audit reporter');
  doc.setProducer('Case Audit (pdf-lib)');
  doc.setKeywords(['Case Audit', m.session.workflowType, m.session.tier, m.session.auditId, m.session.caseId]);
  doc.setLanguage('en-CA');
  if (!Number.isNaN(generated.getTime())) {
    doc.setCreationDate(generated);
    doc.setModificationDate(generated);
  }
  return doc.save({ useObjectStreams: true });
}

/** What the document's metadata calls each kind of report: a checklist claims no grounding in case law. */
const SUBJECTS: Record<string, string> = {
  'document-list': 'Document checklist',
  'client-guidance': 'Plain-language guidance for the client',
};
