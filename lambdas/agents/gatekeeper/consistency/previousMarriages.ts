/**
 * "No previous marriage" against the file's record of one, read from the case-fact model: a
 * `previous-marriage` declaration answered No (a form's "Previous marriages: None", "previously
 * married? No") is contradicted by a divorce, or a marriage dated before a divorce, that another
 * document records of the same person. Who the person is comes from names: the name heading the
 * declaration (or the model's party of the declarer's role in that document), found again in the
 * other document, and not someone else heading the event (the bride's "Divorced" is not the groom's).
 * Signs the model has no fact for (a widowhood, an annulment, a former spouse named in passing) are
 * still read from the text (priorMarriageMentions.ts) and quoted after the model's.
 */
import type { CaseFacts, Declaration, TimelineEvent } from '../../../contracts/caseFacts';
import type { Evidence } from '../../../contracts/intakeOutput';
import { type CaseDocument, evidenceList } from './caseDocuments';
import { type ConsistencyIssue, listNames } from './consistencyIssue';
import type { ConsistencyRules } from './consistencyRules';
import { earlierMarriages } from './marriageDates';
import { nameTokens, type PeopleIndex, samePerson, textNames } from './people';
import { priorMarriageMentions, type PriorMarriageSign } from './priorMarriageMentions';

interface Person {
  name: string;
  tokens: string[];
}

const COUPLE = new Set<string>(['applicant', 'sponsor', 'spouse-or-partner']);
const ROLE_NAMES: Record<string, string> = { applicant: 'the applicant', sponsor: 'the sponsor', 'spouse-or-partner': 'the spouse' };

/** Where a fact's quote starts in its document: the page and the offset in the page text. */
function locate(evidence: Evidence, docs: readonly CaseDocument[]): { page: number; index: number } | undefined {
  const doc = docs.find((d) => d.docId === evidence.docId);
  for (const p of doc?.pages ?? []) {
    if (evidence.page !== undefined && p.page !== evidence.page) continue;
    const index = p.text.indexOf(evidence.quote);
    if (index !== -1) return { page: p.page, index };
  }
  return undefined;
}

/** A family name alone as a word of the quote ("Ms. Villanueva's divorce"), not part of a hyphenated name. */
function familyNameIn(quote: string, person: Person): boolean {
  const family = person.tokens[person.tokens.length - 1];
  if (!family || family.length < 3) return false;
  const plain = quote.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  return new RegExp(`(?<![\\p{L}-])${family.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}-])`, 'u').test(plain);
}

export class PreviousMarriageCheck {
  constructor(
    private readonly facts: CaseFacts,
    private readonly docs: readonly CaseDocument[],
    private readonly people: PeopleIndex,
    private readonly rules: ConsistencyRules,
  ) {}

  /** The person who declared: the name heading the declaration, else the model's party of that role in the document. */
  private declarer(d: Declaration): Person | undefined {
    const at = locate(d.evidence, this.docs);
    const anchor = at && this.people.subjectAt(d.evidence.docId, at.page, at.index);
    if (anchor) return anchor;
    const party = this.facts.parties.find((p) => p.role === d.person && p.evidence.docId === d.evidence.docId);
    return party ? { name: party.name, tokens: nameTokens(party.name, this.rules.names.honorifics) } : undefined;
  }

  /** Whether an event of another document is the declarer's (see the header). */
  private holds(e: TimelineEvent, d: Declaration, person: Person | undefined): boolean {
    if (!person) return e.person === d.person;
    const doc = this.docs.find((x) => x.docId === e.evidence.docId);
    if (!doc) return false;
    const text = doc.pages.map((p) => p.text).join('\n');
    if (!this.people.inDocument(doc.docId).some((a) => samePerson(a.tokens, person.tokens)) && !textNames(text, person.tokens)) return false;
    if (textNames(e.evidence.quote, person.tokens)) return true;
    const at = locate(e.evidence, this.docs);
    const about = at && this.people.subjectAt(doc.docId, at.page, at.index);
    if (about) return samePerson(about.tokens, person.tokens);
    // A quote that names another of the couple ("Ms. Villanueva's divorce") is theirs.
    const others = this.facts.parties
      .filter((p) => COUPLE.has(p.role))
      .map((p) => ({ name: p.name, tokens: nameTokens(p.name, this.rules.names.honorifics) }))
      .filter((o) => !samePerson(o.tokens, person.tokens));
    return !others.some((o) => textNames(e.evidence.quote, o.tokens) || familyNameIn(e.evidence.quote, o));
  }

  /** The model's divorces and earlier marriages of the declarer in other documents, then the text's signs it does not already quote. */
  private contradicting(d: Declaration, person: Person | undefined): PriorMarriageSign[] {
    const earlier = new Set(earlierMarriages(this.facts.timeline));
    const events = this.facts.timeline.filter((e) => (e.kind === 'divorce' || earlier.has(e)) && e.evidence.docId !== d.evidence.docId && this.holds(e, d, person));
    const fromModel = events.flatMap((e) => {
      const doc = this.docs.find((x) => x.docId === e.evidence.docId);
      return doc ? [{ doc, evidence: e.evidence }] : [];
    });
    if (!person) return fromModel;
    const quoted = (s: PriorMarriageSign) => fromModel.some((m) => m.doc.docId === s.doc.docId && (m.evidence.quote.includes(s.evidence.quote) || s.evidence.quote.includes(m.evidence.quote)));
    return [...fromModel, ...priorMarriageMentions(this.docs, d.evidence.docId, person, this.people, this.rules).filter((s) => !quoted(s))];
  }

  issues(): ConsistencyIssue[] {
    const issues: ConsistencyIssue[] = [];
    const done = new Set<string>();
    for (const d of this.facts.declarations) {
      if (d.topic !== 'previous-marriage' || d.answer !== 'no') continue;
      const key = `${d.evidence.docId}\u0000${d.person}`;
      // The same document disclosing a previous marriage elsewhere (a Yes with details) denies nothing.
      const disclosed = this.facts.declarations.some((o) => o.topic === d.topic && o.person === d.person && o.answer === 'yes' && o.evidence.docId === d.evidence.docId);
      const doc = this.docs.find((x) => x.docId === d.evidence.docId);
      if (disclosed || done.has(key) || !doc) continue;
      const person = this.declarer(d);
      const contradicting = this.contradicting(d, person);
      if (!contradicting.length) continue;
      done.add(key);
      const names = contradicting.map((c) => c.doc.name);
      issues.push({
        code: 'previous-marriage-undisclosed',
        summary: `${doc.name} declares no previous marriage for ${person?.name ?? ROLE_NAMES[d.person] ?? d.person}, but ${listNames(names)} ${contradicting.length === 1 ? 'shows' : 'show'} an earlier marriage or a divorce.`,
        evidence: evidenceList([d.evidence, ...contradicting.slice(0, 2).map((c) => c.evidence)]),
        documents: [doc.name, ...new Set(names)],
      });
    }
    return issues;
  }
}

/** Previous marriages declared as none that another document records (see the header). */
export function checkPreviousMarriages(facts: CaseFacts, docs: readonly CaseDocument[], people: PeopleIndex, rules: ConsistencyRules): ConsistencyIssue[] {
  return new PreviousMarriageCheck(facts, docs, people, rules).issues();
}
