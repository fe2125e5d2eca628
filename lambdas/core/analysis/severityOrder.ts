import { Severity } from './analysisSchema';

/** Reading order of findings: the most serious first (the order of the Severity enum). */
export const SEVERITY_ORDER: readonly Severity[] = Severity.options;

const rank = (severity: string | undefined): number => {
  const i = SEVERITY_ORDER.indexOf(severity as Severity);
  return i === -1 ? SEVERITY_ORDER.length : i;
};

/** A copy sorted critical → low; findings of equal severity keep the order the gatekeeper gave them. */
export function bySeverity<T extends { severity?: string }>(items: readonly T[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank(a.item.severity) - rank(b.item.severity) || a.index - b.index)
    .map(({ item }) => item);
}

/** True for one of the four severities (entries read from older or looser outputs may carry anything). */
export const isSeverity = (value: unknown): value is Severity => SEVERITY_ORDER.includes(value as Severity);
