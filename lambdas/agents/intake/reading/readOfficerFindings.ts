/**
 * What a decision-maker found, read from refusal letters and officers' notes: each ground (by
 * provision, and by topic when the reasons name one), statements that a document or evidence was
 * absent, reliance on information from outside the application, and whether a procedural-fairness
 * letter was sent. Facts only; whether a finding can be challenged is for the rules downstream.
 */
import type { OfficerFinding } from '../../../contracts/caseFacts';
import type { DocumentType } from '../../../contracts/intakeOutput';
import { CUES } from './lexicon';
import { quoteOf, type ReadingDocument } from './readingDocument';

const DECISION_DOCUMENTS = new Set<DocumentType>(['refusal-letter', 'gcms-notes']);
/** "paragraph 216(1)(b) of the Immigration and Refugee Protection Regulations", "R216(1)(b)", "l'alinéa 40(1)a) de la LIPR". */
const PROVISION = /(?:(?:section|subsection|paragraph|subparagraph|article|alinéa|paragraphe|sous-alinéa|art\.|s\.|ss\.)\s*)?(?<![\w(])([RA])?(\d{1,3}(?:\.\d)?)((?:\s?\(\d{1,2}(?:\.\d)?\))*(?:\s?\(?[a-z]\)|\s?\([ivx]+\))*)(?:\s+(?:of\s+the\s+|de\s+la\s+|du\s+|of\s+)?(Immigration and Refugee Protection (?:Act|Regulations)|IRPA|IRPR|LIPR|RIPR|Act|Regulations|Loi(?: sur l['’]immigration et la protection des réfugiés)?|Règlement(?: sur l['’]immigration et la protection des réfugiés)?))?/gu;
const TOPICS: ReadonlyArray<[string, RegExp]> = [
  ['funds', CUES.fundsTopic],
  ['ties', CUES.tiesTopic],
  ['purpose', CUES.purposeTopic],
  ['genuineness', CUES.genuinenessTopic],
  ['employment', CUES.employmentTopic],
  ['misrepresentation', CUES.misrepresentationTopic],
];

function statuteOf(prefix: string | undefined, named: string | undefined, number: number): 'IRPA' | 'IRPR' | undefined {
  if (prefix === 'R') return 'IRPR';
  if (prefix === 'A') return 'IRPA';
  if (named) return /regulations|irpr|ripr|règlement/i.test(named) ? 'IRPR' : 'IRPA';
  // Bare numbers in reasons: the grounds officers cite most. 216, 179, 200, 117 and 4 are Regulations; 40 and 16 the Act.
  if ([216, 179, 200, 203, 117, 4, 124, 130, 133].includes(number)) return 'IRPR';
  if ([11, 16, 20, 22, 29, 34, 35, 36, 37, 38, 39, 40, 41, 42].includes(number)) return 'IRPA';
  return undefined;
}

/** Normalised provision ids in the sentence ("IRPR 216(1)(b)"). */
export function provisionsIn(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(PROVISION)) {
    const hasWord = /^(?:section|subsection|paragraph|subparagraph|article|alinéa|paragraphe|sous-alinéa|art\.|s\.|ss\.)/i.test(m[0]);
    if (!hasWord && !m[1] && !m[4]) continue;
    if (/\d{4}/.test(m[2])) continue;
    const statute = statuteOf(m[1], m[4], Number(m[2]));
    if (!statute) continue;
    const subdivisions = (m[3] ?? '').replace(/\s/g, '').replace(/\(?([a-z])\)/g, '($1)');
    out.push(`${statute} ${m[2]}${subdivisions}`);
  }
  return [...new Set(out)];
}

/** A decision by its words when its type was not recognised: an officer not satisfied, an application refused. */
export function readsAsDecision(doc: ReadingDocument): boolean {
  if (DECISION_DOCUMENTS.has(doc.type)) return true;
  const text = doc.pages.map((p) => p.text).join('\n');
  return CUES.notSatisfied.test(text) && /\b(?:refused|refusée?|rejected|rejetée?)\b/iu.test(text);
}

export function readOfficerFindings(doc: ReadingDocument): OfficerFinding[] {
  if (!readsAsDecision(doc)) return [];
  const out: OfficerFinding[] = [];
  const seen = new Set<string>();
  const push = (finding: Omit<OfficerFinding, 'source'>) => {
    const key = `${finding.kind}|${finding.subject}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ ...finding, source: 'rules' });
  };
  for (const page of doc.pages) {
    for (const segment of page.segments) {
      const text = segment.text;
      const evidence = quoteOf(doc, page, segment.start, segment.end);
      if (CUES.fairnessNotSent.test(text)) push({ kind: 'fairness-letter-not-sent', subject: 'procedural fairness', evidence, confidence: 0.8 });
      else if (CUES.fairnessSent.test(text)) push({ kind: 'fairness-letter-sent', subject: 'procedural fairness', evidence, confidence: 0.8 });
      if (CUES.extrinsic.test(text)) push({ kind: 'extrinsic-evidence', subject: TOPICS.find(([, cue]) => cue.test(text))?.[0] ?? 'other', evidence, confidence: 0.7 });
      if (CUES.absence.test(text) && CUES.documentWords.test(text) && !CUES.conditionalRefusal.test(text)) {
        push({ kind: 'document-absent', subject: TOPICS.find(([, cue]) => cue.test(text))?.[0] ?? 'other', evidence, confidence: 0.7 });
      }
      const grounds = provisionsIn(text);
      const reasoned = CUES.notSatisfied.test(text) || /refus|inadmissible|ineligible|not (?:eligible|met)|does not meet|ne (?:satisfait|répond) pas|interdit de territoire/iu.test(text);
      if (reasoned) {
        for (const provision of grounds) push({ kind: 'ground', subject: provision, evidence, confidence: 0.85 });
        if (CUES.notSatisfied.test(text)) {
          for (const [topic, cue] of TOPICS) if (cue.test(text)) push({ kind: 'ground', subject: topic, evidence, confidence: 0.7 });
        }
      }
    }
  }
  return out;
}
