/**
 * Citations of courts and tribunals the bundled index does not cover (it holds SCC, FCA and FC
 * decisions). The citation parser reads only in-scope courts, so these are found here, to be
 * reported as outside the index rather than silently ignored or, worse, passed.
 */

/** Neutral-citation court codes of other Canadian courts and tribunals, with a readable name. */
const OTHER_COURTS: Record<string, string> = {
  ONCA: 'the Court of Appeal for Ontario',
  ONSC: 'the Ontario Superior Court of Justice',
  ONCJ: 'the Ontario Court of Justice',
  ONSCDC: 'the Ontario Divisional Court',
  BCCA: 'the British Columbia Court of Appeal',
  BCSC: 'the Supreme Court of British Columbia',
  ABCA: 'the Court of Appeal of Alberta',
  ABKB: "the Court of King's Bench of Alberta",
  ABQB: "the Court of Queen's Bench of Alberta",
  SKCA: 'the Court of Appeal for Saskatchewan',
  MBCA: 'the Court of Appeal of Manitoba',
  QCCA: 'the Quebec Court of Appeal',
  QCCS: 'the Quebec Superior Court',
  NBCA: 'the Court of Appeal of New Brunswick',
  NSCA: 'the Nova Scotia Court of Appeal',
  NLCA: 'the Court of Appeal of Newfoundland and Labrador',
  PECA: 'the Court of Appeal of Prince Edward Island',
  YKCA: 'the Court of Appeal of Yukon',
  NWTCA: 'the Court of Appeal of the Northwest Territories',
  NUCA: 'the Court of Appeal of Nunavut',
  TCC: 'the Tax Court of Canada',
  CMAC: 'the Court Martial Appeal Court',
  CHRT: 'the Canadian Human Rights Tribunal',
  IRB: 'the Immigration and Refugee Board',
  CISR: 'the Immigration and Refugee Board',
  IAD: 'the Immigration Appeal Division',
  RAD: 'the Refugee Appeal Division',
  RPD: 'the Refugee Protection Division',
};

export interface OutOfScopeCitation {
  start: number;
  end: number;
  /** As normalised here: `2020 ONCA 123`, `2019 CanLII 12345 (CA IRB)`. */
  citation: string;
  /** Readable name of the court or tribunal, e.g. "the Court of Appeal for Ontario". */
  court: string;
}

const CODES = Object.keys(OTHER_COURTS)
  .sort((a, b) => b.length - a.length)
  .join('|');
const NEUTRAL = new RegExp(`(?<![\\p{L}\\p{N}])(\\d{4})\\s{0,3}(${CODES})\\s{0,3}(\\d{1,6})(?![\\p{L}\\p{N}])`, 'gu');
/** `2019 CanLII 12345 (CA IRB)`, `2021 CanLII 5 (ON CA)`: CanLII's own citations, never in the index. */
const CANLII = /(?<![\p{L}\p{N}])(\d{4})\s{0,3}CanLII\s{0,3}(\d{1,7})(?:\s{0,3}\(([A-Z]{2,4}(?: [A-Z]{2,6}){0,2})\))?/gu;

function canliiCourt(tag: string | undefined): string {
  if (!tag) return 'a court or tribunal reported only on CanLII';
  const code = tag.split(' ').pop() ?? '';
  if (OTHER_COURTS[code]) return OTHER_COURTS[code];
  const joined = tag.replace(/ /g, '');
  return OTHER_COURTS[joined] ?? `the court or tribunal "${tag}" (a CanLII-only citation)`;
}

/** Finds citations of courts and tribunals outside the index, in order of appearance. */
export function findOutOfScopeCitations(text: string): OutOfScopeCitation[] {
  const hits: OutOfScopeCitation[] = [];
  for (const m of text.matchAll(NEUTRAL)) {
    hits.push({ start: m.index, end: m.index + m[0].length, citation: `${m[1]} ${m[2]} ${m[3]}`, court: OTHER_COURTS[m[2]] });
  }
  for (const m of text.matchAll(CANLII)) {
    const tag = m[3];
    hits.push({
      start: m.index,
      end: m.index + m[0].length,
      citation: `${m[1]} CanLII ${m[2]}${tag ? ` (${tag})` : ''}`,
      court: canliiCourt(tag),
    });
  }
  return hits.sort((a, b) => a.start - b.start);
}
