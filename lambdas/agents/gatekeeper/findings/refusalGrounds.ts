/**
 * The grounds of the refusal being answered (refusal-analysis): each IRPA or IRPR provision the
 * refusal letter or the GCMS notes cite becomes a refusal trigger, with the sentence that cites it.
 *
 * The provisions come from the case-fact model: its `ground` officer findings by provision, read
 * from the decision lines, each quoted where it is cited. One kind of provision stays on the page
 * text: the consequences of a finding (IRPA 40(2)(a), the five-year bar after a misrepresentation
 * finding; 40(3)). The model holds them as no ground (they say what follows a finding, and the
 * reading corpus labels them so), yet the response must still answer them. An audit stored without
 * a model is read from the text as before.
 */
import type { CaseFacts } from '../../../contracts/caseFacts';
import type { Evidence } from '../../../contracts/intakeOutput';
import type { RefusalTrigger } from '../../../contracts/findings';
import { ProvisionId } from '../../../contracts/findings';
import { verifyEvidence } from '../../../core/caseText/verifyEvidence';
import { loadResearchIndex } from '../../../core/caselaw/loadIndex';
import { findStatuteReferences } from '../../../core/citations/statuteReference';
import { type CaseDocument, evidenceList, lineAround, quoteOf } from '../consistency/caseDocuments';
import type { SeverityRules } from './severityRules';

const REFUSAL_TYPES = new Set(['refusal-letter', 'gcms-notes']);
const MAX_EVIDENCE = 3;
/** Provisions that state what follows a finding: the model gives them no ground finding (lexicons/officerFindings.json, consequenceProvisions). */
const CONSEQUENCES = ['IRPA 40(2)', 'IRPA 40(3)'];
const isConsequence = (provision: string) => CONSEQUENCES.some((c) => provision.startsWith(c));

type Cited = Map<string, { evidence: Array<Evidence | undefined>; documents: Set<string> }>;

function cite(cited: Cited, provision: string, evidence: Evidence | undefined, document: string): void {
  const entry = cited.get(provision) ?? { evidence: [], documents: new Set<string>() };
  entry.evidence.push(evidence);
  entry.documents.add(document);
  cited.set(provision, entry);
}

/** Provisions the refusal documents' text cites (those `keep` accepts), each with the line citing it. */
function citedInText(docs: readonly CaseDocument[], cited: Cited, keep: (provision: string) => boolean): void {
  const index = loadResearchIndex();
  for (const doc of docs) {
    if (!REFUSAL_TYPES.has(doc.type)) continue;
    for (const page of doc.pages) {
      for (const hit of findStatuteReferences(page.text, index)) {
        if (!ProvisionId.safeParse(hit.provisionId).success || !keep(hit.provisionId)) continue;
        const line = lineAround(page.text, hit.start);
        cite(cited, hit.provisionId, quoteOf(doc, page.page, line.start, Math.max(line.end, hit.end)), doc.name);
      }
    }
  }
}

/** The model's grounds by provision read from the refusal documents, each with its own quote (checked verbatim). */
function groundsInModel(facts: CaseFacts, docs: readonly CaseDocument[], cited: Cited): void {
  for (const finding of facts.officerFindings) {
    if (finding.kind !== 'ground' || !ProvisionId.safeParse(finding.subject).success) continue;
    const doc = docs.find((d) => d.docId === finding.evidence.docId);
    if (!doc || !REFUSAL_TYPES.has(doc.type)) continue;
    cite(cited, finding.subject, verifyEvidence([doc.source], finding.evidence) ? finding.evidence : undefined, doc.name);
  }
}

export function refusalGroundTriggers(docs: readonly CaseDocument[], workflowType: string, rules: SeverityRules, facts?: CaseFacts): RefusalTrigger[] {
  if (!rules.refusalGrounds.workflows.includes(workflowType)) return [];
  const index = loadResearchIndex();
  const cited: Cited = new Map();
  if (facts) {
    groundsInModel(facts, docs, cited);
    citedInText(docs, cited, isConsequence);
  } else {
    citedInText(docs, cited, () => true);
  }
  return [...cited].flatMap(([provision, { evidence, documents }]) => {
    const quotes = evidenceList(evidence).slice(0, MAX_EVIDENCE);
    if (!quotes.length) return [];
    const row = rules.refusalGrounds.rows.find((r) => r.provision === undefined || r.provision === provision)!;
    const title = index.findProvisionOrAncestor(provision)?.title;
    return [
      {
        provision,
        severity: row.severity,
        summary: `The refusal relies on ${provision}${title ? ` (${title})` : ''}, cited in ${[...documents].join(' and ')}; the response must answer this ground.`,
        evidence: quotes,
        source: 'refusal-grounds',
      },
    ];
  });
}
