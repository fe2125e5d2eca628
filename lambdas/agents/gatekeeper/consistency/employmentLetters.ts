/**
 * Employment letters against the declared history, read from the case-fact model: the job a form's
 * history declares ("2019-04 to present  Staff nurse, Marikina Valley Hospital, Marikina City") and
 * the job an employer's letter vouches for are employment events; the letter is compared with the
 * declared job whose employer it names (its employer parties), on the start, the end and the
 * position. Only the history of the person the letter is about is compared (a parent's letter is not
 * the applicant's job).
 */
import type { CaseFacts, FactDate, TimelineEvent } from '../../../contracts/caseFacts';
import type { CaseDocument } from './caseDocuments';
import type { ConsistencyIssue } from './consistencyIssue';
import { type ConsistencyRules, rx } from './consistencyRules';
import { type PeopleIndex, textNames } from './people';

/** Lower-case words of three letters or more, accents dropped, without the stop words. */
export function words(text: string, stop: readonly string[]): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3 && !stop.includes(w));
}

/** The employer part of a declared job: "Title, Employer Ltd., City" → "Employer Ltd." (undefined without an employer). */
export function employerOf(description: string, selfEmployed: RegExp): string | undefined {
  if (selfEmployed.test(description)) return undefined;
  const parts = description.split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.length >= 3) return parts.slice(1, -1).join(', ');
  return parts[1] ?? parts[0];
}

const monthIndex = (d: FactDate) => Number(d.iso.slice(0, 4)) * 12 + Number(d.iso.slice(5, 7) || '1') - 1;
const monthsApart = (a: FactDate, b: FactDate) => Math.abs(monthIndex(a) - monthIndex(b));
const describe = (d: FactDate | undefined) => (d ? d.iso : 'present');

function typeOf(facts: CaseFacts, docId: string): string {
  return facts.documents.find((d) => d.docId === docId)?.type ?? 'other';
}

/**
 * The declared job a letter is about: the one whose employer words the letter's employer names
 * repeat most (at least two of them, or all of a one-word employer).
 */
function declaredJobFor(employerWords: ReadonlySet<string>, declared: readonly TimelineEvent[], rules: ConsistencyRules['employment']): TimelineEvent | undefined {
  const selfEmployed = rx(rules.noEmployer, 'iu');
  let best: { job: TimelineEvent; shared: number; ratio: number } | undefined;
  for (const job of declared) {
    const employer = job.detail ? employerOf(job.detail, selfEmployed) : undefined;
    const own = employer ? [...new Set(words(employer, rules.employerStopWords))] : [];
    if (!own.length) continue;
    const shared = own.filter((w) => employerWords.has(w)).length;
    const ratio = shared / own.length;
    if (!(shared >= 2 || (own.length === 1 && shared === 1)) || ratio < 0.5) continue;
    if (!best || shared > best.shared || (shared === best.shared && ratio > best.ratio)) best = { job, shared, ratio };
  }
  return best?.job;
}

/** What the letter and the declared job disagree on, in words. */
function periodProblems(declared: TimelineEvent, vouched: TimelineEvent, written: FactDate | undefined, tolerance: number): string[] {
  const problems: string[] = [];
  if (declared.date && vouched.date && monthsApart(declared.date, vouched.date) > tolerance) {
    problems.push(`the start (${declared.date.iso} on the form, ${vouched.date.iso} in the letter)`);
  }
  if (!declared.end && vouched.end && written && monthsApart(vouched.end, written) > tolerance) {
    problems.push(`the end (still employed on the form, left on ${vouched.end.iso} according to the letter)`);
  } else if (declared.end && vouched.end && monthsApart(declared.end, vouched.end) > tolerance) {
    problems.push(`the end (${declared.end.iso} on the form, ${vouched.end.iso} in the letter)`);
  } else if (declared.end && !vouched.end && written && monthsApart(declared.end, written) > tolerance) {
    problems.push(`the end (${declared.end.iso} on the form, still employed according to the letter)`);
  }
  return problems;
}

/** Whether the letter's position is one the declared job names (a word, or the first five letters of one). */
function positionConfirmed(position: string, declared: string, stop: readonly string[]): boolean {
  const positionWords = words(position, stop);
  const declaredWords = new Set(words(declared, stop));
  return !positionWords.length || positionWords.some((w) => declaredWords.has(w) || [...declaredWords].some((e) => e.startsWith(w.slice(0, 5)) && w.length >= 5));
}

/**
 * Employment letters against the declared history. `people` and the letter's text say whom the
 * letter is about: the model reads no employee party from a letter, so the name the form is headed
 * with must appear in it.
 */
export function checkEmploymentLetters(facts: CaseFacts, docs: readonly CaseDocument[], people: PeopleIndex, rules: ConsistencyRules['employment']): ConsistencyIssue[] {
  const claimTypes = new Set<string>(rules.claimDocumentTypes);
  const letterTypes = new Set<string>(rules.letterDocumentTypes);
  const jobs = facts.timeline.filter((e) => e.kind === 'employment' && e.date);
  const declared = jobs.filter((e) => claimTypes.has(typeOf(facts, e.evidence.docId)));
  const issues: ConsistencyIssue[] = [];
  for (const letter of docs.filter((d) => letterTypes.has(d.type))) {
    const vouched = jobs.find((e) => e.evidence.docId === letter.docId);
    if (!vouched) continue;
    const letterText = letter.pages.map((p) => p.text).join('\n');
    const about = declared.filter((e) => {
      if (e.person !== vouched.person) return false;
      const person = people.inDocument(e.evidence.docId)[0];
      return !person || textNames(letterText, person.tokens);
    });
    const employerWords = new Set(facts.parties.filter((p) => p.role === 'employer' && p.evidence.docId === letter.docId).flatMap((p) => words(p.name, rules.employerStopWords)));
    const job = declaredJobFor(employerWords, about, rules);
    if (!job) continue;
    const form = docs.find((d) => d.docId === job.evidence.docId)?.name ?? job.evidence.docId;
    const written = facts.documents.find((d) => d.docId === letter.docId)?.dated;
    const problems = periodProblems(job, vouched, written, rules.toleranceMonths);
    if (problems.length) {
      issues.push({
        code: 'employment-period-contradicted',
        summary: `${form} declares ${describe(job.date)} to ${describe(job.end)} for "${job.detail}", but ${letter.name} disagrees on ${problems.join(' and ')}.`,
        evidence: [job.evidence, vouched.evidence],
        documents: [form, letter.name],
      });
    }
    if (vouched.detail && job.detail && !positionConfirmed(vouched.detail, job.detail, rules.employerStopWords)) {
      issues.push({
        code: 'employment-position-contradicted',
        summary: `${form} declares "${job.detail}", but ${letter.name} gives the position as "${vouched.detail}".`,
        evidence: [job.evidence, vouched.evidence],
        documents: [form, letter.name],
      });
    }
  }
  return issues;
}
