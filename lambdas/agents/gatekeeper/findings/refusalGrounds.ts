/**
 * The grounds of the refusal being answered (refusal-analysis): each IRPA or IRPR provision the
 * refusal letter or the GCMS notes cite becomes a refusal trigger, with the line that cites it.
 */
import type { RefusalTrigger } from '../../../contracts/findings';
import { ProvisionId } from '../../../contracts/findings';
import { loadResearchIndex } from '../../../core/caselaw/loadIndex';
import { findStatuteReferences } from '../../../core/citations/statuteReference';
import { type CaseDocument, evidenceList, lineAround, quoteOf } from '../consistency/caseDocuments';
import type { SeverityRules } from './severityRules';

const REFUSAL_TYPES = new Set(['refusal-letter', 'gcms-notes']);
const MAX_EVIDENCE = 3;

export function refusalGroundTriggers(docs: readonly CaseDocument[], workflowType: string, rules: SeverityRules): RefusalTrigger[] {
  if (!rules.refusalGrounds.workflows.includes(workflowType)) return [];
  const index = loadResearchIndex();
  const cited = new Map<string, { evidence: ReturnType<typeof quoteOf>[]; documents: Set<string> }>();
  for (const doc of docs) {
    if (!REFUSAL_TYPES.has(doc.type)) continue;
    for (const page of doc.pages) {
      for (const hit of findStatuteReferences(page.text, index)) {
        if (!ProvisionId.safeParse(hit.provisionId).success) continue;
        const line = lineAround(page.text, hit.start);
        const entry = cited.get(hit.provisionId) ?? { evidence: [], documents: new Set<string>() };
        entry.evidence.push(quoteOf(doc, page.page, line.start, Math.max(line.end, hit.end)));
        entry.documents.add(doc.name);
        cited.set(hit.provisionId, entry);
      }
    }
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
