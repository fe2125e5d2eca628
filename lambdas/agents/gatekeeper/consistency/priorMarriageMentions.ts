/**
 * Signs of an earlier marriage that the case-fact model holds no fact for, read from the page text: a
 * civil status that implies one ("Widowed", « veuve », "Separated", "Annulled"; a "Divorced" status is
 * also a divorce event in the model, and the caller drops what the model already quoted), and a
 * sentence that mentions a former spouse, a first marriage or an annulment without telling a divorce
 * ("pays support to his ex-wife"). The model has no event for a spouse's death, an annulment or a
 * former spouse named in passing, so these stay here until it does.
 */
import type { Evidence } from '../../../contracts/intakeOutput';
import { cutValue, labelPattern } from '../../../core/caseText/profilePatterns';
import { sentenceAround } from '../../../core/caseText/sentenceAround';
import { type CaseDocument, quoteOf } from './caseDocuments';
import { type ConsistencyRules, rx } from './consistencyRules';
import { type NameAnchor, type PeopleIndex, samePerson, textNames } from './people';

export interface PriorMarriageSign {
  doc: CaseDocument;
  evidence: Evidence;
}

/** "Label: value" on one page, placeholders such as "None" included. */
function labelled(text: string, labels: readonly string[]): Array<{ start: number; end: number; value: string }> {
  return [...text.matchAll(labelPattern(labels))]
    .map((m) => {
      const start = m.index + (m[0].length - m[0].trimStart().length);
      const value = cutValue(m[1]).trim();
      return { start, end: m.index + m[0].length - m[1].length + m[1].indexOf(value) + value.length, value };
    })
    .filter((v) => v.value !== '');
}

/** Civil statuses and mentions of an earlier marriage of `subject` in the documents other than `declaredIn`. */
export function priorMarriageMentions(docs: readonly CaseDocument[], declaredIn: string, subject: Pick<NameAnchor, 'tokens'>, people: PeopleIndex, rules: ConsistencyRules): PriorMarriageSign[] {
  const impliesPrior = rx(rules.freeText.statusImpliesPriorMarriage, 'iu');
  const mentionPattern = rx(rules.freeText.previousMarriageMentions);
  const negation = rx(rules.mentions.negation, 'iu');
  const signs: PriorMarriageSign[] = [];
  for (const other of docs) {
    if (other.docId === declaredIn) continue;
    // Only documents that name the same person.
    const otherText = other.pages.map((p) => p.text).join('\n');
    if (!people.inDocument(other.docId).some((a) => samePerson(a.tokens, subject.tokens)) && !textNames(otherText, subject.tokens)) continue;
    for (const p of other.pages) {
      for (const status of labelled(p.text, rules.labels.civilStatus)) {
        const about = people.subjectAt(other.docId, p.page, status.start);
        if (!impliesPrior.test(status.value) || (about && !samePerson(about.tokens, subject.tokens))) continue;
        const e = quoteOf(other, p.page, status.start, status.end);
        if (e) signs.push({ doc: other, evidence: e });
      }
      for (const m of p.text.matchAll(mentionPattern)) {
        const sentence = sentenceAround(p.text, { start: m.index, end: m.index + m[0].length });
        const body = p.text.slice(sentence.start, sentence.end);
        if (negation.test(p.text.slice(sentence.start, m.index)) || !subject.tokens.some((t) => t.length > 2 && body.toLowerCase().includes(t))) continue;
        const e = quoteOf(other, p.page, sentence.start, sentence.end);
        if (e) signs.push({ doc: other, evidence: e });
      }
    }
  }
  return signs;
}
