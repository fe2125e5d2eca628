import { rgb, type RGB } from 'pdf-lib';

/**
 * The "Judicial Authority" theme of report.pdf: navy and gold on paper white, serif titles over a
 * condensed sans body. Every colour, size and measure of the PDF is named here, so the look of the
 * report is changed in one place.
 */

const hex = (value: string): RGB => {
  const n = Number.parseInt(value.slice(1), 16);
  return rgb(((n >> 16) & 0xff) / 255, ((n >> 8) & 0xff) / 255, (n & 0xff) / 255);
};

export const COLORS = {
  navy: hex('#13294B'),
  navyDeep: hex('#0C1C36'),
  navySoft: hex('#4A5F82'),
  /** The band's emblem: a shade above the navy band. */
  navyMark: hex('#1A325B'),
  gold: hex('#B38B2D'),
  goldLight: hex('#E4D3A6'),
  goldPale: hex('#F5EEDC'),
  paper: hex('#FFFDF8'),
  paperShade: hex('#F6F2E8'),
  rule: hex('#D9D2C1'),
  ink: hex('#1E2330'),
  muted: hex('#5E6575'),
  white: hex('#FFFFFF'),
  oxblood: hex('#8A1C1C'),
  rust: hex('#B0522A'),
  sage: hex('#48694F'),
  slate: hex('#8A8F99'),
} as const;

/** Severity words (refusal triggers, compliance issues) and rubric ratings, each with the colour it is shown in. */
export const SEVERITY_COLORS: Record<string, RGB> = {
  critical: COLORS.oxblood,
  high: COLORS.rust,
  medium: COLORS.gold,
  low: COLORS.sage,
};

export const RATING_COLORS: Record<string, RGB> = {
  strong: COLORS.navy,
  adequate: COLORS.navySoft,
  weak: COLORS.gold,
  adverse: COLORS.oxblood,
  'no-evidence': COLORS.slate,
};

/** Outcomes of the decision tables by what they ask of the reader: go on (sage), rework (gold), stop (oxblood). */
export const OUTCOME_COLORS: Record<string, RGB> = {
  PROCEED: COLORS.sage,
  GO: COLORS.sage,
  APPROVE: COLORS.sage,
  REVISE: COLORS.gold,
  CAUTION: COLORS.gold,
  REAPPLY: COLORS.gold,
  APPEAL: COLORS.navy,
  'HIGH-RISK': COLORS.oxblood,
  'NO-GO': COLORS.oxblood,
  ABANDON: COLORS.oxblood,
};

/** US Letter, the paper size of Canadian legal practice, in PDF points (1/72 inch). */
export const PAGE = {
  width: 612,
  height: 792,
  marginX: 56,
  /** The body starts below the running header and ends above the running footer. */
  bodyTop: 792 - 74,
  bodyBottom: 70,
  headerBaseline: 792 - 40,
  footerBaseline: 34,
} as const;

export const BODY_WIDTH = PAGE.width - 2 * PAGE.marginX;

/** Type sizes and line heights (points). */
export const TYPE = {
  body: { size: 9.6, leading: 13.2 },
  table: { size: 8.2, leading: 10.8 },
  h2: { size: 16, leading: 20 },
  h3: { size: 11.8, leading: 16 },
  h4: { size: 10, leading: 14 },
  running: { size: 7, leading: 9 },
} as const;

/** Vertical space (points) after each kind of block. */
export const SPACE = {
  paragraph: 6,
  list: 7,
  table: 10,
  beforeH2: 12,
  afterH2: 10,
  beforeH3: 8,
  afterH3: 4,
  /** A heading is moved to the next page unless this much room is left below it for what follows (about three lines). */
  keepWithHeading: 48,
  /** The same for a section title (about four lines: a subheading and its first lines, or a table header and a row). */
  keepWithSection: 64,
} as const;

export const TABLE = {
  padX: 5,
  padY: 3,
  /** No column is narrower than this, however many columns a table has. */
  minColumn: 34,
} as const;
