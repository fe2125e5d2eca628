import { loadResearchIndex, type ResearchIndex } from '../../../core/caselaw/loadIndex';
import { withoutPageFurniture } from './pageFurniture';
import type { Authority } from '../../../contracts/detectiveOutput';
import { citationsInText } from './citationsInText';
import type { CitationInput } from './verificationSchema';

export interface AgentOutput {
  /** The producing stage: `detective`, `strategist`, `gatekeeper`, … */
  stage: string;
  /** Structured authorities the agent cites. */
  authorities?: readonly Authority[];
  /** Free text the agent wrote (rationale, notes, report prose). */
  text?: string;
}

export interface ClientDocument {
  docId: string;
  pages: ReadonlyArray<{ page: number; text: string }>;
}

export interface CollectOptions {
  /** Defaults to the bundled index. */
  index?: ResearchIndex;
  /** The clock used to reject future years (defaults to now). */
  now?: Date;
}

/** Between two pages: a form feed, which the citation reader treats as a space (a citation may run across it). */
const PAGE_BREAK = '\f';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const asString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function fromAuthority(raw: unknown, stage: string): CitationInput | undefined {
  if (!isRecord(raw)) return undefined;
  const citation = asString(raw.citation);
  if (citation === undefined) return undefined;
  const kind = raw.kind === 'case' || raw.kind === 'provision' || raw.kind === 'policy' ? raw.kind : undefined;
  const name = asString(raw.name);
  const proposition = asString(raw.proposition);
  return {
    citation,
    foundIn: stage,
    ...(kind ? { kind } : {}),
    // A provision's `name` is its title, not a style of cause.
    ...(name !== undefined && kind !== 'provision' ? { name } : {}),
    ...(proposition !== undefined && proposition.trim() !== '' ? { proposition } : {}),
  };
}

/**
 * Every citation agents produced: their structured authorities (with the proposition each is cited
 * for) and the citations written in their free text (with a proposition only where a sentence
 * claims what a decision holds). Malformed entries are skipped, never thrown on.
 */
export function collectAgentCitations(outputs: readonly AgentOutput[], options: CollectOptions = {}): CitationInput[] {
  const index = options.index ?? loadResearchIndex();
  const now = options.now ?? new Date();
  const inputs: CitationInput[] = [];
  for (const output of Array.isArray(outputs) ? (outputs as unknown[]) : []) {
    if (!isRecord(output)) continue;
    const stage = asString(output.stage) ?? 'unknown-stage';
    for (const authority of Array.isArray(output.authorities) ? (output.authorities as unknown[]) : []) {
      const input = fromAuthority(authority, stage);
      if (input) inputs.push(input);
    }
    const text = asString(output.text);
    if (text) inputs.push(...citationsInText(text, stage, index, now));
  }
  return inputs;
}

/**
 * Every case citation, case name and statute reference in the client's documents, found in
 * `document:<docId>`, with the style of cause joined to its citation. A document's pages are read as
 * one text (joined at page breaks, without running headers, footers and page numbers: pageFurniture.ts),
 * so a citation split across two pages is read whole and what the
 * document says about "the Act" holds on every page. Documents are read in `document` mode: a
 * provision counts only where the document shows it is the IRPA/IRPR (a lease's "the Act" is not).
 * A decision's proposition is the sentence around it (≤ 300 characters), given only where that
 * sentence makes an explicit claim about what the decision holds ("held that", "sets out the test",
 * "stands for", …).
 */
export function collectDocumentCitations(docs: readonly ClientDocument[], options: CollectOptions = {}): CitationInput[] {
  const index = options.index ?? loadResearchIndex();
  const now = options.now ?? new Date();
  const inputs: CitationInput[] = [];
  for (const doc of Array.isArray(docs) ? (docs as unknown[]) : []) {
    if (!isRecord(doc)) continue;
    const foundIn = `document:${asString(doc.docId) ?? 'unknown'}`;
    const pages: string[] = [];
    for (const page of Array.isArray(doc.pages) ? (doc.pages as unknown[]) : []) {
      const text = isRecord(page) ? asString(page.text) : undefined;
      if (text) pages.push(text);
    }
    // Read without running headers, footers and page numbers, which would split a citation across pages.
    if (pages.length > 0) inputs.push(...citationsInText(withoutPageFurniture(pages).join(PAGE_BREAK), foundIn, index, now, 'document'));
  }
  return inputs;
}
