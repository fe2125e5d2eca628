/**
 * Qualifications and experience against what the LMIA (or the job offer) requires: the years of
 * experience in the occupation that employment letters document, and those the forms only claim.
 * Helper, assistant and apprentice roles do not count as the occupation itself.
 */
import type { Evidence } from '../../../../contracts/intakeOutput';
import { pagesOf, type CaseFile, type PageRef } from '../../text/caseFile';
import { distinctEvidence, quoteLine } from '../../text/evidenceQuotes';
import type { Signal, SignalFinder } from '../signal';
import { noEvidence } from '../signal';
import { monthsCovered, workPeriods, type WorkPeriod } from './employmentPeriods';

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, un: 1, deux: 2, trois: 3, quatre: 4, cinq: 5 };
const REQUIREMENT = /\b(?:a )?(?:minimum of|at least|minimum de|au moins)\s+(\w+)(?:\s*\((\d+)\))?\s+(?:years?|ans?)\s+(?:of\s+|d[e']\s*)?(?:full-time\s+)?(?:paid\s+)?(?:\S+\s+){0,2}?(?:experience|expérience)/i;
const JUNIOR_ROLE = /\b(?:helper|assistant|apprentice|aide|trainee|ayudante|aprendiz|apprenti)\b/i;
const TITLE_LABEL = /^[ \t]*(?:job title|position|title|poste)\s*:\s*([^\n]{2,60})$/im;

interface Requirement {
  months: number;
  evidence?: Evidence;
}

function requirementIn(pages: readonly PageRef[]): Requirement | undefined {
  for (const ref of pages) {
    const m = REQUIREMENT.exec(ref.page.text);
    if (!m) continue;
    const years = m[2] ? Number(m[2]) : NUMBER_WORDS[m[1].toLowerCase()] ?? Number(m[1]);
    if (!Number.isFinite(years) || years <= 0) continue;
    return { months: years * 12, evidence: quoteLine(ref, m.index, m.index + m[0].length) };
  }
  return undefined;
}

/**
 * The job title alone: what follows it on a label line is not part of it ("Welder (NOC 72106), 2
 * positions", "Cuisinier – CNP 63200 – 3 postes"). The title ends at a bracket, a comma, a dash
 * or an occupation code, and a count of positions is never a title.
 */
export function titleOnly(labelled: string): string {
  const cut = labelled.split(/[(,;–—|]|\s-\s|\b(?:NOC|CNP|TEER)\b|\d/i)[0];
  return cut.replace(/\b(?:positions?|postes?|vacanc(?:y|ies))\b/gi, '').trim();
}

/** The occupation's key word ("Welder" → "weld"), from the profile or the LMIA/offer. */
function occupationStem(file: CaseFile): string | undefined {
  let title = file.profile.jobTitle?.value;
  if (!title) {
    for (const ref of pagesOf(file, ['lmia', 'job-offer'])) {
      const m = TITLE_LABEL.exec(ref.page.text);
      if (m) {
        title = m[1];
        break;
      }
    }
  }
  const word = title && titleOnly(title).split(/\s+/).filter((w) => w.length >= 4 && !JUNIOR_ROLE.test(w)).pop();
  if (!word) return undefined;
  const lower = word.toLowerCase().replace(/[^a-zà-ÿ]/g, '');
  return lower.replace(/(?:ers|er|ors|or|ists|ist|ians|ian|s)$/, '') || lower;
}

const qualifying = (stem: string) => (p: WorkPeriod) => p.title.toLowerCase().includes(stem) && !JUNIOR_ROLE.test(p.title);
const years = (months: number) => `${Math.floor(months / 12)} years ${months % 12} months`;

export const qualificationsExperience: SignalFinder = (file: CaseFile): Signal => {
  const requirement = requirementIn(pagesOf(file, ['lmia'])) ?? requirementIn(pagesOf(file, ['job-offer']));
  const stem = occupationStem(file);
  const periods = workPeriods(file);
  if (!stem) return noEvidence('The occupation of the job offered could not be read, so experience cannot be compared with it.');
  const documented = periods.filter((p) => p.source === 'letter').filter(qualifying(stem));
  const claimed = periods.filter(qualifying(stem));
  const documentedMonths = monthsCovered(documented);
  const claimedMonths = monthsCovered(claimed);
  const junior = periods.filter((p) => p.source === 'letter' && p.title.toLowerCase().includes(stem) && JUNIOR_ROLE.test(p.title));
  const evidence = distinctEvidence([requirement?.evidence, ...documented.map((p) => p.evidence), ...junior.map((p) => p.evidence)], 4);
  if (!requirement) {
    if (documentedMonths > 0) return { rating: 'adequate', finding: `Employment letters document ${years(documentedMonths)} in the occupation; no experience requirement was found to compare with.`, evidence };
    if (claimedMonths > 0) return { rating: 'weak', finding: `The forms claim ${years(claimedMonths)} in the occupation, but no employment letter documents it.`, evidence: distinctEvidence(claimed.map((p) => p.evidence), 2) };
    return noEvidence('Neither an experience requirement nor documented experience in the occupation was found.');
  }
  const need = years(requirement.months);
  const detail = `The LMIA or offer requires ${need} of experience; employment letters document ${years(documentedMonths)} in the occupation${junior.length ? ` (junior or helper periods not counted)` : ''}`;
  if (documentedMonths >= requirement.months) return { rating: 'strong', finding: `${detail}.`, evidence };
  if (claimedMonths >= requirement.months) {
    return { rating: 'weak', finding: `${detail}; the forms claim ${years(claimedMonths)}, but the rest is not documented.`, evidence: distinctEvidence([...evidence, ...claimed.filter((p) => p.source === 'form').map((p) => p.evidence)], 4) };
  }
  return { rating: evidence.length ? 'adverse' : 'weak', finding: `${detail}; even the forms claim only ${years(claimedMonths)}.`, evidence };
};
