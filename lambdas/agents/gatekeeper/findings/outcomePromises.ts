/**
 * Documents in the file that promise a result ("approval is guaranteed", "will be approved",
 * "100% success", "succès garanti"): a consultant's submission letter, a client's notes. The phrases
 * are the ones the gates forbid in Case Audit's own prose (core/gates/checks/outcomePromises.json).
 */
import type { ComplianceIssue } from '../../../contracts/findings';
import type { OutcomePromise } from '../../../contracts/gatekeeperOutput';
import { boundText } from '../../../contracts/quarantinedPassage';
import { sentenceAround } from '../../../core/caseText/sentenceAround';
import { promiseDetector } from '../../../core/gates/checks/promiseLanguage';
import type { CaseDocument } from '../consistency/caseDocuments';
import { MAX_EXCERPT_CHARS } from '../../../contracts/injectionAttempt';
import { fillFix, type SeverityRules } from './severityRules';

/** At most this many promises are listed per document. */
const MAX_PER_DOCUMENT = 5;

const bound = (text: string) => boundText(text, MAX_EXCERPT_CHARS);

export function findOutcomePromises(docs: readonly CaseDocument[]): OutcomePromise[] {
  const detector = promiseDetector();
  const found: OutcomePromise[] = [];
  for (const doc of docs) {
    const mine: OutcomePromise[] = [];
    for (const page of doc.pages) {
      const sentences = new Set<number>();
      for (const m of detector.find(page.text)) {
        const sentence = sentenceAround(page.text, { start: m.index, end: m.index + m.text.length });
        if (sentences.has(sentence.start)) continue;
        sentences.add(sentence.start);
        const excerpt = bound(page.text.slice(sentence.start, sentence.end).replace(/\s+/g, ' ').trim());
        if (excerpt) mine.push({ document: doc.name, docId: doc.docId, page: page.page, excerpt, phrase: m.phrase });
      }
    }
    found.push(...mine.slice(0, MAX_PER_DOCUMENT));
  }
  return found;
}

/** One compliance issue per document that promises an outcome. */
export function promiseIssues(promises: readonly OutcomePromise[], rules: SeverityRules): ComplianceIssue[] {
  const row = rules.compliance['outcome-promise'];
  const documents = [...new Set(promises.map((p) => p.document))];
  return documents.map((document) => {
    const n = promises.filter((p) => p.document === document).length;
    return {
      code: 'outcome-promise',
      severity: row.severity,
      message: `${document} promises the outcome of the application in ${n === 1 ? 'one passage' : `${n} passages`}; a decision cannot be promised.`,
      requiredFix: fillFix(row.fix, { document }),
      documents: [document],
    };
  });
}
