/** Label vocabulary and value shapes used to read applicant facts from document text. */
import { parseCertainDate } from '../text/dates';

const MONTHS_EN = 'Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?';
// French forms write dates as "30 novembre 2002" or "1er août 2001" (longest spelling first).
const MONTHS_FR = 'janvier|janv|f[ée]vrier|f[ée]vr|mars|avril|avr|mai|juin|juillet|juil|ao[ûu]t|septembre|octobre|novembre|d[ée]cembre|d[ée]c';
const MONTHS = `${MONTHS_EN}|${MONTHS_FR}`;

/** Dates as they are written in case files: 2003-04-12, 12/04/2003, 12 APR 2003, April 12, 2003. */
export const DATE_SOURCE =
  String.raw`(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{4}|\d{1,2}(?:st|nd|rd|th|er)?[ \t]+(?:${MONTHS})\.?,?[ \t]+\d{4}|(?:${MONTHS})\.?[ \t]+\d{1,2}(?:st|nd|rd|th)?,?[ \t]+\d{4})`;

const CURRENCY_CODE = '(?:CAD|USD|EUR|GBP|INR|PHP|CNY|RMB|NGN|GHS|KES|MXN|BRL|AUD)';
const CURRENCY_PREFIX = String.raw`(?:${CURRENCY_CODE}|C\$|CA\$|US\$|Rs\.?|\$|€|£|₹|¥|₱)`;
const AMOUNT = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d{2})?|\d+(?:\.\d{2})?`;

/** "CAD 24,310.55", "$24,310.55", "24,310.55 CAD". */
export const MONEY_SOURCE = String.raw`(?:${CURRENCY_PREFIX}[ \t]?-?(?:${AMOUNT})|-?(?:${AMOUNT})[ \t]?${CURRENCY_CODE}\b)`;

/** Labels whose start ends the value of a previous label on the same line. */
export const KNOWN_LABELS = [
  'family name', 'surname', 'last name', 'given name\\(s\\)', 'given names?', 'first name', 'full name', 'name',
  'sex', 'gender', 'date of birth', 'place of birth', 'country of birth', 'city of birth', 'citizenship',
  'country of citizenship', 'nationality', 'country of residence', 'current country of residence', 'status',
  'marital status', 'current marital status', 'date of marriage', 'passport number', 'passport no\\.?',
  'expiry date', 'issue date', 'date of issue', 'date of expiry', 'uci', 'program', 'institution',
  'employer', 'position', 'job title', 'occupation', 'from', 'to', 'telephone', 'e-mail', 'email', 'address',
  'duration', 'level of study', 'field of study', 'province', 'city/town', 'student id', 'salary',
];

const KNOWN_LABEL_LOOKAHEAD = new RegExp(
  String.raw`[ \t]+(?=(?:${KNOWN_LABELS.join('|')})[ \t]*(?:\([^)\n]{0,30}\))?[ \t]*(?:\/[^:\n]{1,40})?:)`,
  'i',
);

/** A family member or sponsor named just before a label ("Sponsor's date of birth"). */
export const OTHER_PERSON_BEFORE = /\b(?:sponsor|spouse|partner|father|mother|child|son|daughter|brother|sister|parent|husband|wife|host|inviter)(?:'s|s')?[ \t]*$/i;

const PLACEHOLDER = /^(?:n\/?a|none|nil|not applicable|unknown|same as\b.*|see\b.*|-+|_+|\[.*\]|\.+)$/i;

/**
 * Builds a pattern for "Label: value": the label, an optional qualifier ("(YYYY-MM-DD)") and French
 * label ("/ Date de naissance"), then a colon. Group 1 is the value (rest of the line, possibly
 * empty). `atLineStart` is for generic labels ("Name:") that must not match inside longer ones
 * ("Family name:"); the label may then follow a question number ("4. ").
 */
export function labelPattern(labels: readonly string[], atLineStart = false): RegExp {
  const before = atLineStart ? String.raw`^[ \t]*(?:\d{1,2}[.)][ \t]*)?` : String.raw`(?<![\w'])`;
  return new RegExp(
    String.raw`${before}(?:${labels.join('|')})(?:[ \t]*\([^)\n]{0,40}\))?(?:[ \t]*\/[^:\n]{1,40})?[ \t]*:[ \t]*([^\n]*)`,
    atLineStart ? 'gim' : 'gi',
  );
}

/** The value part of a labelled line: up to a wide gap, a tab or the next known label. */
export function cutValue(rest: string): string {
  let value = rest;
  const gap = value.search(/ {3,}|\t/);
  if (gap !== -1) value = value.slice(0, gap);
  const next = value.search(KNOWN_LABEL_LOOKAHEAD);
  if (next !== -1) value = value.slice(0, next);
  return value.replace(/[\s,;]+$/, '');
}

export function isPlaceholder(value: string): boolean {
  return value.trim() === '' || PLACEHOLDER.test(value.trim());
}

export function looksLikeName(value: string): boolean {
  return /^[\p{L}][\p{L}\p{M}'’.\- ,]{0,79}$/u.test(value) && value.split(/\s+/).length <= 6;
}

/**
 * ISO date when the written date is a day the text states without doubt, else the text as written
 * (a numeric date such as 12/04/2003 that no cue settles stays as written). Read by the product's
 * one date reader (core/text/dates).
 */
export function normaliseDate(written: string): string {
  const d = parseCertainDate(written);
  return d?.precision === 'day' ? d.iso : written;
}
