import { isRecord } from '../gateIssues';

/**
 * Reading report.md as text a check can reason about: Markdown escapes undone, and text that came from
 * the client's documents (or is quoted) blanked out, so that only what the report itself asserts is
 * checked. Blanking keeps every other character where it was.
 */

/** Undoes the escaping of lambdas/agents/reporter/markdown.ts (`\*` → `*`, `&lt;` → `<`, …). */
export function unescapeMarkdown(text: string): string {
  return text
    .replace(/\\([\\`*[\]|~$_:@.#+=\-()!>])/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

const blank = (s: string) => s.replace(/[^\n]/g, ' ');

/** Text in quotation marks on one line: quoted words are the source's, not the report's. */
const QUOTED = /“[^”\n]{1,400}”|«[^»\n]{1,400}»|"[^"\n]{1,400}"/g;

/** How report.md renders a value: invisible controls dropped, whitespace collapsed, long values cut. */
function asRendered(value: string): string {
  return value
    .replace(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u206F\uFEFF]/g, '')
    .replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim()
    .slice(0, 990);
}

/** Blanks every occurrence of each string (longest first) and every quoted span. */
export function maskSourcedText(text: string, sourced: Iterable<string>): string {
  let out = text.replace(QUOTED, blank);
  const needles = [...new Set([...sourced].map(asRendered).filter((s) => s.length >= 3))].sort((a, b) => b.length - a.length);
  for (const needle of needles) {
    if (out.includes(needle)) out = out.split(needle).join(blank(needle));
  }
  return out;
}

/**
 * Strings from stage outputs that reproduce the client's documents: from intake, the profile, document
 * names and status details; elsewhere, every `quote`, `excerpt` and anything under
 * `outcomePromises` or `injectionAttempts` (passages the gatekeeper lifted from the documents).
 */
export function documentSourcedStrings(outputs: { intake?: unknown; others: unknown[] }): string[] {
  const found: string[] = [];
  const all = (node: unknown, depth = 0): void => {
    if (depth > 32) return;
    if (typeof node === 'string') found.push(node);
    else if (Array.isArray(node)) node.forEach((n) => all(n, depth + 1));
    else if (isRecord(node)) Object.values(node).forEach((n) => all(n, depth + 1));
  };
  const lifted = (node: unknown, depth = 0): void => {
    if (depth > 32) return;
    if (Array.isArray(node)) node.forEach((n) => lifted(n, depth + 1));
    else if (isRecord(node)) {
      for (const [key, child] of Object.entries(node)) {
        if (key === 'outcomePromises' || key === 'injectionAttempts') all(child, depth + 1);
        else if ((key === 'quote' || key === 'excerpt') && typeof child === 'string') found.push(child);
        else lifted(child, depth + 1);
      }
    }
  };
  const intake = isRecord(outputs.intake) ? outputs.intake : {};
  all(intake.profile);
  all(intake.applicationTypeReason);
  for (const list of [intake.documents, intake.skipped]) {
    for (const d of Array.isArray(list) ? list : []) if (isRecord(d)) [d.name, d.statusDetail, d.typeReason, d.reason].forEach((v) => all(v));
  }
  outputs.others.forEach((o) => lifted(o));
  return found;
}

/** The span of a `## heading` section (up to the next `## ` heading), or undefined. */
export function sectionSpan(text: string, heading: string): { start: number; end: number } | undefined {
  const start = text.search(new RegExp(`^## ${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'm'));
  if (start < 0) return undefined;
  const next = text.slice(start + 3).search(/^## /m);
  return { start, end: next < 0 ? text.length : start + 3 + next };
}

/** `text` with [start, end) blanked. */
export function blankSpan(text: string, span: { start: number; end: number } | undefined): string {
  if (!span) return text;
  return text.slice(0, span.start) + blank(text.slice(span.start, span.end)) + text.slice(span.end);
}
