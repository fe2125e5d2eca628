/**
 * The evidence plan in three parts: Baseline (documents in the file that support factors), Live
 * (obtainable now, for factors that are weak, adverse or without evidence) and Strategic
 * (recommended additions, for every factor that is not yet strong).
 */
import type { EvidencePlanItem, StrategistOutput } from '../../../contracts/strategistOutput';
import type { RatedFactor } from './scoreFactors';
import type { CaseFile } from '../text/caseFile';

const TYPE_NAMES: Record<string, string> = { other: 'document' };

function documentLabel(type: string): string {
  if (TYPE_NAMES[type]) return TYPE_NAMES[type];
  return type.startsWith('imm-') ? `form IMM ${type.slice(4)}` : type.replace(/-/g, ' ');
}

export function evidencePlanOf(file: CaseFile, rated: readonly RatedFactor[]): StrategistOutput['evidencePlan'] {
  // Baseline: each document quoted by a factor that it supports (not an adverse one).
  const supporting = new Map<string, string[]>();
  for (const { scored } of rated) {
    if (scored.rating === 'adverse' || scored.rating === 'no-evidence') continue;
    for (const e of scored.evidence) {
      const labels = supporting.get(e.docId) ?? [];
      if (!labels.includes(scored.id)) labels.push(scored.id);
      supporting.set(e.docId, labels);
    }
  }
  const baseline: EvidencePlanItem[] = file.documents
    .filter((d) => supporting.has(d.docId))
    .map((d) => {
      const ids = supporting.get(d.docId)!;
      const labels = ids.map((id) => rated.find((r) => r.scored.id === id)!.scored.label.toLowerCase());
      return { item: `${d.name} (${documentLabel(d.type)})`, why: `In the file; supports ${labels.join(', ')}.`, ...(ids.length === 1 ? { factor: ids[0] } : {}) };
    });

  const seen = new Set<string>();
  const once = (item: EvidencePlanItem) => {
    const key = item.item.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  const needs = (rating: string) => rating === 'weak' || rating === 'adverse' || rating === 'no-evidence';
  const byUrgency = [...rated].sort((a, b) => urgency(a.scored.rating) - urgency(b.scored.rating) || b.scored.weight - a.scored.weight);
  const live = byUrgency
    .filter(({ scored }) => needs(scored.rating))
    .flatMap(({ factor }) => factor.plan.live.map((p) => ({ item: p.item, why: p.why, factor: factor.id })))
    .filter(once);
  const strategic = byUrgency
    .filter(({ scored }) => scored.rating !== 'strong')
    .flatMap(({ factor }) => factor.plan.strategic.map((p) => ({ item: p.item, why: p.why, factor: factor.id })))
    .filter(once);
  return { baseline, live, strategic };
}

function urgency(rating: string): number {
  return ['adverse', 'weak', 'no-evidence', 'adequate', 'strong'].indexOf(rating);
}
