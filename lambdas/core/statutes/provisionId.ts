/**
 * Provision ids: reading them (canonical form, with some tolerance) and writing the canonical form.
 *
 * Canonical: instrument, a space, the section number, then each subdivision in brackets with no
 * spaces, and a definition as its English term in straight double quotes after a space:
 * `IRPA 40(1)(a)`, `IRPR 216(1)(b)`, `IRPR 4.1`, `IRPR 117(9)(b)`, `IRPR 2 "common-law partner"`,
 * `IRPR 1(3) "family member"(b)`.
 *
 * Also read: any letter case for the instrument, the French names (`LIPR`, `RIPR`), a section
 * designator (`s.`, `s`, `section`, `art.`, `article`), spaces between parts (`IRPA 40 (1) (a)`),
 * French paragraph labels (`40(1)a)`), and curly or French quotation marks around a term.
 */
import type { Instrument } from './statuteIndexSchema';

export type ProvisionIdSegment = { kind: 'label'; value: string } | { kind: 'term'; value: string };

export interface ParsedProvisionId {
  instrument: Instrument;
  /** `40`, `4.1`. */
  section: string;
  /** Subdivisions and definition terms below the section, outermost first. */
  segments: ProvisionIdSegment[];
}

export type ProvisionIdReading = { ok: true; id: ParsedProvisionId; canonical: string } | { ok: false; reason: string };

const INSTRUMENT_NAMES: Readonly<Record<string, Instrument>> = { irpa: 'IRPA', lipr: 'IRPA', irpr: 'IRPR', ripr: 'IRPR' };

/** Writes the canonical id of a parsed id. */
export function formatProvisionId(id: ParsedProvisionId): string {
  return `${id.instrument} ${id.section}${id.segments.map(formatSegment).join('')}`;
}

/** One segment as it appears in a canonical id: `(b)` or ` "common-law partner"`. */
export function formatSegment(segment: ProvisionIdSegment): string {
  return segment.kind === 'label' ? `(${segment.value})` : ` "${segment.value}"`;
}

const HEAD = /^\s*(irpa|irpr|lipr|ripr)\b\.?\s*(?:(?:s|ss|sec|section|art|article)\b\.?\s*)?(\d+(?:\.\d+)*)/i;
const BRACKETED = /^\s*\(\s*([0-9A-Za-z]+(?:\.\d+)*)\s*\)/;
const FRENCH_PARAGRAPH = /^\s*([a-z](?:\.\d+)*)\)/;
const TERM = /^\s*["“«”]\s*([^"“”«»]+?)\s*["”»“]/;

/** Reads a provision id; `ok: false` explains what could not be read. Never throws. */
export function parseProvisionId(input: string): ProvisionIdReading {
  const head = HEAD.exec(input);
  if (!head) {
    return { ok: false, reason: `"${input.trim()}" is not a provision id: expected IRPA or IRPR followed by a section number, e.g. IRPA 40(1)(a)` };
  }
  const instrument = INSTRUMENT_NAMES[head[1].toLowerCase()];
  const segments: ProvisionIdSegment[] = [];
  let rest = input.slice(head[0].length);
  while (rest.trim() !== '') {
    const match = BRACKETED.exec(rest) ?? FRENCH_PARAGRAPH.exec(rest);
    if (match) {
      segments.push({ kind: 'label', value: match[1] });
      rest = rest.slice(match[0].length);
      continue;
    }
    const term = TERM.exec(rest);
    if (term) {
      segments.push({ kind: 'term', value: term[1].replace(/\s+/g, ' ') });
      rest = rest.slice(term[0].length);
      continue;
    }
    return { ok: false, reason: `"${input.trim()}" is not a provision id: cannot read "${rest.trim()}" after ${instrument} ${head[2]}` };
  }
  const id: ParsedProvisionId = { instrument, section: head[2], segments };
  return { ok: true, id, canonical: formatProvisionId(id) };
}

/** How a term is compared: case, apostrophe style, hyphen spacing and accents do not matter. */
export function termKey(term: string): string {
  return term
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[’‘`]/g, "'")
    .replace(/\s*-\s*/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}
