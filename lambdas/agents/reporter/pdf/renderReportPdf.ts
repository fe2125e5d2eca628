import { PDFDocument } from 'pdf-lib';
import type { ReportModel } from '../reportModel';
import { renderReport } from '../renderReport';
import { SCORE_HEADING, SUMMARY_FACTOR_COUNT, topFactors } from '../sections/scoreSection';
import { applicationLabel } from '../sections/caseSummary';
import { DECISION_HEADING, VERDICT_HEADING } from '../sections/decisionSection';
import { disclaimerRuns, drawCover } from './coverPage';
import { callout, drawBlock } from './drawBlocks';
import { drawPageFrames } from './pageFrame';
import { PageFlow } from './pageFlow';
import { pdfFontkit, ReportFonts } from './text/pdfFonts';
import { addNavigation } from './pdfNavigation';
import { COLORS, OUTCOME_COLORS } from './pdfTheme';
import { parseReportMarkdown, plainText, type Block, type InlineRun } from './reportBlocks';
import { drawScoreChart, scoreChartHeight } from './scoreChart';
import { TextLayout } from './text/textLayout';
import { PageTextWriter } from './text/pageText';

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

/**
 * report.pdf: the same report as report.md (read from the Markdown the section functions wrote, so
 * the two never differ in content), set in the "Judicial Authority" theme: a cover with the
 * disclaimer, the audit's facts, the score gauge, the outcome and the contents; a score chart; real
 * tables; running headers and footers with the disclaimer line and page numbers; bookmarks; embedded
 * Unicode fonts; and document metadata. Presentation only: nothing is scored or decided here.
 */
export async function renderReportPdf(m: ReportModel, markdown: string = renderReport(m)): Promise<Uint8Array> {
  const generated = new Date(m.generatedAt);
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(pdfFontkit);
  const fonts = await ReportFonts.embed(doc);
  const writer = new PageTextWriter();
  const text = new TextLayout(fonts, writer);
  const flow = new PageFlow(doc, text);

  const cover = flow.newPage();
  flow.newPage();
  const { disclaimer, notices, body } = opening(parseReportMarkdown(markdown));
  for (const notice of notices) callout(flow, notice, COLORS.oxblood, COLORS.goldPale);
  const s = m.strategist;
  // The same factors the rubric table shows: a summary report shows only the heaviest.
  const factors = s && (m.reportDepth === 'summary' && s.factors.length > SUMMARY_FACTOR_COUNT ? topFactors(s.factors, SUMMARY_FACTOR_COUNT) : s.factors);
  let section = '';
  let firstInSection = false;
  for (const block of body) {
    const title = block.kind === 'heading' && block.level === 2 ? plainText(block.runs) : undefined;
    const chart = s && factors && title === SCORE_HEADING;
    // The score's heading and its chart stay on one page.
    if (chart && flow.room < scoreChartHeight(factors) + 60) flow.newPage();
    if (m.judge && firstInSection && block.kind === 'paragraph' && (section === DECISION_HEADING || section === VERDICT_HEADING)) {
      // The outcome line that opens the decision section, boxed in the outcome's colour.
      callout(flow, block.runs, OUTCOME_COLORS[m.judge.outcome] ?? COLORS.navy, COLORS.goldPale);
    } else drawBlock(flow, block);
    if (chart) drawScoreChart(flow, s, factors);
    firstInSection = title !== undefined;
    if (title !== undefined) section = title;
  }

  const links = drawCover(cover, text, { model: m, disclaimer: disclaimerRuns(disclaimer), sections: flow.sections, missing: text.missing });
  drawPageFrames(flow.pages, text, { workflowTitle: m.workflowTitle, caseId: m.session.caseId, tier: m.session.tier });
  addNavigation(doc, flow.pages, flow.sections, links);
  writer.finish(doc);

  doc.setTitle(`Case Audit — ${m.workflowTitle} — case ${m.session.caseId}`, { showInWindowTitleBar: true });
  doc.setSubject(
    `Judicial defensibility report (${m.workflowTitle}, ${m.session.tier} tier) for a ${applicationLabel(m.intake.applicationType).toLowerCase()} file: ` +
      'a risk assessment grounded in Federal Court jurisprudence, not legal advice.',
  );
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
