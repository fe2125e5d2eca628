import { citationKey } from '../../../core/research/researchSource';

/** What the detective records besides its authorities: notes and retrieved-but-not-cited citations. */
export class ResearchLog {
  readonly notes: string[] = [];
  private readonly excludedByKey = new Map<string, { citation: string; reason: string }>();

  constructor(previous?: { notes: readonly string[]; excluded: ReadonlyArray<{ citation: string; reason: string }> }) {
    if (!previous) return;
    this.notes.push(...previous.notes);
    for (const entry of previous.excluded) this.exclude(entry.citation, entry.reason);
  }

  note(text: string): void {
    if (!this.notes.includes(text)) this.notes.push(text);
  }

  /** Records why a citation was not cited; the first reason recorded stands unless `override` is set. */
  exclude(citation: string, reason: string, override = false): void {
    const key = citationKey(citation);
    if (override || !this.excludedByKey.has(key)) this.excludedByKey.set(key, { citation, reason });
  }

  /** Forgets an exclusion (the citation ended up cited after all). */
  unexclude(citation: string): void {
    this.excludedByKey.delete(citationKey(citation));
  }

  isExcluded(citation: string): boolean {
    return this.excludedByKey.has(citationKey(citation));
  }

  reasonFor(citation: string): string | undefined {
    return this.excludedByKey.get(citationKey(citation))?.reason;
  }

  get excluded(): Array<{ citation: string; reason: string }> {
    return [...this.excludedByKey.values()];
  }
}
