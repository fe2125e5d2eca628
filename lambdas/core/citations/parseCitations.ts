import type { CaseHit } from './cases/caseHit';
import { ShortNames } from './cases/caseNames';
import { readCases } from './cases/readCases';
import { readShortForms, type FullCitation } from './cases/shortForms';
import type { NameSpan } from './cases/styleOfCause';
import type { CitationForm, CitationNoise, CitationOccurrence, ParsedCitation } from './citationSchema';
import { normalizeLayout, originalSpan, repairsWithin, type LayoutText } from './layoutText';
import { readPinpoint } from './pinpoint';
import { mergeSpans, overlapsAny } from './spans';
import { readStatuteContext, type ReadingMode } from './statuteContext';
import { readStatuteReferences, type ProvisionLookup, type StatuteHit } from './statuteReference';

/** What the parser can use from the research index (the index itself satisfies this). */
export interface CitationParserIndex extends ProvisionLookup {
  /** Short names that identify a decision on their own (`Vavilov`); common surnames are left out. */
  readonly standaloneShortNames: readonly string[];
  /** Whether `name` is any decision's short name (used only right before a citation: `Singh, 2014 FC 1077`, or before `supra`). */
  isKnownShortName(name: string): boolean;
}

export interface ParseOptions {
  /** The clock used to reject future years. */
  now?: Date;
  /** Enables known short names (`Vavilov` alone, `Singh, 2014 FC 1077`) and instrument inference for `s. 179(b)`. */
  index?: CitationParserIndex;
  /**
   * How statute references are read (see statuteContext.ts). `immigration` (the default) for text
   * known to be about immigration law; `document` for a client's document, where "the Act" counts
   * as the IRPA only when the document shows it.
   */
  mode?: ReadingMode;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A citation without its places in the text. */
type Body = DistributiveOmit<ParsedCitation, 'raw' | 'start' | 'end' | 'occurrences' | 'form' | 'pinpoint'>;

interface Place {
  start: number;
  end: number;
  form: CitationForm;
  pinpoint?: string;
}

interface Entry {
  body: Body;
  places: Place[];
}

// Entries and occurrences are built without object spreads: they are slow in loops over thousands of citations.

function place(start: number, end: number, form: CitationForm, pinpoint: string | undefined): Place {
  const p: Place = { start, end, form };
  if (pinpoint) p.pinpoint = pinpoint;
  return p;
}

function caseEntry(hit: CaseHit): Entry {
  const body: Record<string, unknown> = {};
  const data = hit.data as unknown as Record<string, unknown>;
  for (const key of Object.keys(data)) body[key] = data[key];
  body.normalized = hit.name !== undefined ? `${hit.name}, ${hit.data.citation}` : hit.data.citation;
  body.id = hit.id;
  body.valid = hit.valid;
  if (hit.reason !== undefined) body.reason = hit.reason;
  if (hit.name !== undefined) body.name = hit.name;
  if (hit.parallelTo !== undefined) body.parallelTo = hit.parallelTo;
  return { body: body as Body, places: [place(hit.start, hit.end, hit.form, hit.pinpoint)] };
}

function nameEntry(text: string, span: NameSpan, form: CitationForm): Entry {
  const pin = readPinpoint(text, span.end);
  return {
    body: { kind: 'style-of-cause', name: span.name, normalized: span.name, id: span.name, valid: true },
    places: [place(span.start, pin?.end ?? span.end, form, pin?.pinpoint)],
  };
}

function statuteEntry(hit: StatuteHit): Entry {
  return {
    body: { kind: 'statute', provisionId: hit.provisionId, instrument: hit.instrument, instrumentInferred: hit.instrumentInferred, normalized: hit.provisionId, id: hit.provisionId, valid: true },
    places: [place(hit.start, hit.end, hit.form, undefined)],
  };
}

function noiseOf(layout: LayoutText, raw: string, start: number, end: number): CitationNoise[] {
  const noise: CitationNoise[] = [];
  if (/[\n\r\u2028\u2029]/.test(raw)) noise.push('line-break');
  if (raw.includes('\f')) noise.push('page-break');
  return noise.concat(repairsWithin(layout, start, end));
}

function occurrence(source: string, layout: LayoutText, at: Place): CitationOccurrence {
  const { start, end } = originalSpan(layout, at.start, at.end);
  const raw = source.slice(start, end);
  const o: CitationOccurrence = { raw, start, end, form: at.form };
  if (at.pinpoint) o.pinpoint = at.pinpoint;
  const noise = noiseOf(layout, raw, start, end);
  if (noise.length > 0) o.noise = noise;
  return o;
}

/** Keeps one citation per kind and normalized form, with every place it occurs, in order of first appearance. */
function finish(source: string, layout: LayoutText, entries: Entry[]): ParsedCitation[] {
  const byKey = new Map<string, { body: Body; occurrences: CitationOccurrence[] }>();
  for (const entry of entries) {
    const key = `${entry.body.kind}\u0000${entry.body.normalized}`;
    const occurrences = entry.places.map((p) => occurrence(source, layout, p));
    const seen = byKey.get(key);
    if (seen) for (const o of occurrences) seen.occurrences.push(o);
    else byKey.set(key, { body: entry.body, occurrences });
  }
  const out: ParsedCitation[] = [];
  for (const { body, occurrences } of byKey.values()) {
    occurrences.sort((a, b) => a.start - b.start);
    const [first] = occurrences;
    const citation = body as unknown as Record<string, unknown>;
    citation.raw = first.raw;
    citation.start = first.start;
    citation.end = first.end;
    citation.form = first.form;
    const pinpoint = occurrences.find((o) => o.pinpoint !== undefined)?.pinpoint;
    if (pinpoint) citation.pinpoint = pinpoint;
    citation.occurrences = occurrences;
    out.push(citation as unknown as ParsedCitation);
  }
  return out.sort((a, b) => a.start - b.start);
}

/** The names a citation may later be called by: its full style of cause and its short names. */
function namesOf(entry: Entry, names: ShortNames): string[] {
  const { body } = entry;
  if (body.kind === 'statute' || body.name === undefined) return [];
  return [body.name, ...names.of(body.name)];
}

/**
 * Finds and normalises the citations in free text: neutral citations of every Canadian court and
 * tribunal, CanLII identifiers, IRB file numbers and law reports (with pinpoints, styles of cause
 * and parallel citations attached), case names in a citation context, IRPA/IRPR provisions in
 * English and French, and the short forms (`Ibid`, `supra`, a short name) that refer back to them.
 * Layout and OCR noise is read through (see layoutText.ts). Duplicates are merged; each result lists
 * every occurrence in order of appearance, with spans in `text`. Linear in the length of the text.
 */
export function parseCitations(text: string, options: ParseOptions = {}): ParsedCitation[] {
  const now = options.now ?? new Date();
  const { index } = options;
  const layout = normalizeLayout(text);
  const clean = layout.text;

  const names = new ShortNames();
  const { hits, alone } = readCases(clean, now, names, index);

  const entries: Entry[] = [...hits.map(caseEntry), ...alone.map((s) => nameEntry(clean, s, s.french ? 'style-of-cause-french' : 'style-of-cause'))];
  const caseSpans = mergeSpans(entries.map((e) => e.places[0]));
  const context = readStatuteContext(clean, options.mode ?? 'immigration');
  const statutes = readStatuteReferences(clean, context, index).filter((s) => !overlapsAny(caseSpans, s.start, s.end));
  entries.push(...statutes.map(statuteEntry));
  entries.sort((a, b) => a.places[0].start - b.places[0].start);

  // A short form refers to the citation the others of a parallel list point to, never to them.
  const parallelTo = (entry: Entry) => ('parallelTo' in entry.body ? entry.body.parallelTo : undefined);
  const headEntries = new Map<string, Entry>();
  for (const entry of entries) if (entry.body.kind !== 'statute' && entry.body.kind !== 'style-of-cause' && parallelTo(entry) === undefined) headEntries.set(entry.body.citation, entry);
  const fulls: FullCitation<Entry>[] = entries.map((entry) => {
    const head = parallelTo(entry);
    const target = head === undefined ? entry : (headEntries.get(head) ?? entry);
    return { start: entry.places[0].start, end: entry.places[0].end, names: head === undefined ? namesOf(entry, names) : [], target };
  });
  const occupied = mergeSpans(entries.map((e) => e.places[0]));
  const byName = new Map<string, Entry>();
  for (const short of readShortForms(clean, fulls, occupied, index)) {
    const at = place(short.start, short.end, short.form, short.pinpoint);
    if ('target' in short.refersTo) {
      short.refersTo.target.places.push(at);
      continue;
    }
    const { name } = short.refersTo;
    const known = byName.get(name);
    if (known) known.places.push(at);
    else {
      const entry: Entry = { body: { kind: 'style-of-cause', name, normalized: name, id: name, valid: true }, places: [at] };
      byName.set(name, entry);
      entries.push(entry);
    }
  }
  return finish(text, layout, entries);
}
