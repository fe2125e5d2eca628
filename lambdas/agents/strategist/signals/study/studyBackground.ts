/**
 * The program applied for and the applicant's background (earlier studies and jobs), each with the
 * line it was read from.
 */
import type { Evidence } from '../../../../contracts/intakeOutput';
import { pagesOf, type CaseFile } from '../../text/caseFile';
import { factEvidence, quoteLine } from '../../text/evidenceQuotes';
import { sectionLines } from '../../text/sections';
import { findStatements } from '../../text/statements';

export interface Described {
  text: string;
  evidence?: Evidence;
}

const PROGRAM_DOCS = ['letter-of-acceptance', 'imm-1294', 'study-plan', 'tuition-receipt'] as const;
const PROGRAM_LABEL = /^[ \t]*(?:\*\*)?(?:program(?:me)?|credential|level of study|programme d'études|niveau d'études)[ \t]*(?::\*\*|\*\*[ \t]*:|:)[ \t]*\S.*$/gim;
const BACKGROUND_DOCS = ['imm-1294', 'imm-5645', 'study-plan', 'imm-5669', 'other'] as const;
const DEGREE_LINE = /\b(?:certificate|diploma|degree|bachelor|master|MBA|PhD|licence|baccalauréat|maîtrise|WASSCE|high school|secondary)\b/i;
const WORKED_AS = /\b(?:I (?:have )?work(?:ed)? as (?:an? )?|I am (?:currently )?(?:employed|working) as (?:an? )?|occupation\s*:\s*|je travaille comme )[^.,;\n]{3,60}/i;

/** The program: the profile's, then the labelled program lines of the acceptance letter and forms. */
export function programOf(file: CaseFile): Described[] {
  const out: Described[] = [];
  const fact = file.profile.program;
  if (fact) out.push({ text: fact.value, evidence: factEvidence(fact) });
  for (const ref of pagesOf(file, PROGRAM_DOCS)) {
    PROGRAM_LABEL.lastIndex = 0;
    for (const m of ref.page.text.matchAll(PROGRAM_LABEL)) {
      const start = m.index ?? 0;
      out.push({ text: m[0], evidence: quoteLine(ref, start, start + m[0].length) });
    }
  }
  return out;
}

/** Earlier studies and work: education and employment lines of the forms, and "I have worked as" statements. */
export function backgroundOf(file: CaseFile, program: readonly Described[]): Described[] {
  const programTexts = new Set(program.map((p) => p.evidence?.quote));
  const pages = pagesOf(file, BACKGROUND_DOCS);
  const out: Described[] = [];
  for (const line of sectionLines(pages, /EDUCATION|EMPLOYMENT|PERSONAL HISTORY|STUDIES|ÉTUDES|EMPLOI/i)) {
    if (!/\p{L}{3}/u.test(line.text) || /\bunemployed|sans emploi\b/i.test(line.text)) continue;
    const evidence = quoteLine(line.ref, line.start, line.end);
    if (evidence && programTexts.has(evidence.quote)) continue;
    if (DEGREE_LINE.test(line.text) || /\bto (?:present|\d{4})|\d{4}-\d{2}/.test(line.text) || /field of study/i.test(line.text)) out.push({ text: line.text, ...(evidence ? { evidence } : {}) });
  }
  for (const s of findStatements(pages, WORKED_AS).filter((st) => !st.question && !st.negated)) {
    out.push({ text: s.matched, evidence: quoteLine(s.ref, s.start, s.end) });
  }
  if (file.profile.jobTitle) out.push({ text: file.profile.jobTitle.value, evidence: factEvidence(file.profile.jobTitle) });
  out.push(...studyAndWorkFacts(file, programTexts));
  return out;
}

/**
 * The applicant's own study and work periods as intake read them into the case facts (a CV's lines,
 * a form's history table, « J'ai travaillé comme … » in French), each with the quote it came from.
 */
function studyAndWorkFacts(file: CaseFile, programTexts: ReadonlySet<string | undefined>): Described[] {
  // Background is what has begun: a dated period that started before the assessment (an undated
  // "I hope to work as …" or the program's own start date is a plan, not background).
  const today = file.assessedOn.toISOString().slice(0, 10);
  const periods = (file.facts?.timeline ?? []).filter(
    (e) => (e.kind === 'study' || e.kind === 'employment') && e.person === 'applicant' && e.date !== undefined && e.date.iso.slice(0, 10) < today,
  );
  return periods
    .filter((e) => !programTexts.has(e.evidence.quote))
    .map((e) => ({ text: [e.detail, e.evidence.quote].filter(Boolean).join(' — '), evidence: e.evidence }));
}
