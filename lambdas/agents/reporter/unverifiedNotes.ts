import { presentedCitations, verifiedSets, type VerifiedSets } from '../../core/gates/checks/reportCitations';
import { documentSourcedStrings, maskSourcedText, unescapeMarkdown } from '../../core/gates/checks/reportText';
import { inline } from './markdown';
import type { ReportModel } from './reportModel';

/**
 * The report never presents a citation the verifier did not confirm as authority (DESIGN §4, issue 18).
 * The sections name what the stages produced, and a stage may name a decision or a provision that
 * verification did not confirm: a gatekeeper's trigger under a provision when verification could not
 * run, a rubric factor's provision the verifier never saw. Wherever a line of the report's own words
 * names one, the line gets a note saying so, read exactly as the reporter's gate reads the report:
 * text from the client's documents and quoted text are left alone (the report may quote them), and a
 * citation already carrying a "(Not verified: …)" or "(replaces …)" note needs none.
 */
export interface NoteContext {
  sets: VerifiedSets;
  sourced: readonly string[];
}

/** What the notes of one report are decided from: the verifier's result and the text that came from documents. */
export function noteContext(m: Pick<ReportModel, 'intake' | 'strategist' | 'gatekeeper' | 'judge' | 'verifier'>): NoteContext {
  return { sets: verifiedSets(m.verifier), sourced: documentSourcedStrings({ intake: m.intake, others: [m.strategist, m.gatekeeper, m.judge] }) };
}

/** Whether the gate would refuse `citation` as presented authority: a decision not verified, or a provision verification failed or did not confirm. */
function unconfirmed(c: { kind: 'case' | 'provision'; citation: string }, sets: VerifiedSets): boolean {
  if (sets.verified.has(c.citation)) return false;
  return c.kind === 'case' || sets.failed.has(c.citation) || sets.ran;
}

const note = (keys: readonly string[]): string =>
  inline(`(Not verified: ${keys.join('; ')}. ${keys.length === 1 ? 'This citation is' : 'These citations are'} not relied on as authority anywhere in this report.)`);

/** The positions of a table row's cell separators (`|` not escaped as `\|`). */
function separators(row: string): number[] {
  const at: number[] = [];
  for (let i = 0; i < row.length; i++) if (row[i] === '|' && row[i - 1] !== '\\') at.push(i);
  return at;
}

/** A table row with the note at the end of the (first) cell that names one of `keys`, else of the last cell. */
function noteInCell(row: string, keys: readonly string[]): string {
  const bars = separators(row);
  if (bars.length < 2) return `${row} ${note(keys)}`;
  let target = bars.length - 2;
  for (let i = 0; i < bars.length - 1; i++) {
    const cellKeys = presentedCitations(unescapeMarkdown(row.slice(bars[i] + 1, bars[i + 1]))).map((c) => c.citation);
    if (keys.some((k) => cellKeys.includes(k))) {
      target = i;
      break;
    }
  }
  const end = bars[target + 1];
  const content = row.slice(0, end).trimEnd();
  return `${content} ${note(keys)} ${row.slice(end)}`;
}

/** The citations a line of the report presents that the verifier did not confirm, once each, in order. */
function unconfirmedIn(line: string, ctx: NoteContext): string[] {
  const keys: string[] = [];
  for (const c of presentedCitations(line)) if (unconfirmed(c, ctx.sets) && !keys.includes(c.citation)) keys.push(c.citation);
  return keys;
}

/**
 * `section` with a "(Not verified: …)" note on each line that presents a citation the verifier did not
 * confirm. Lines are read one by one (no passage from a document spans lines), and only a line that names
 * an unconfirmed citation at all is searched for document text, which keeps a report of hundreds of
 * findings quick to write.
 */
export function markUnverifiedCitations(section: string, ctx: NoteContext): string {
  const lines = section.split('\n');
  let changed = false;
  const marked = lines.map((line) => {
    // Every citation the gate reads (a year, a volume, a section number) has a digit in it.
    if (!/\d/.test(line)) return line;
    const read = unescapeMarkdown(line);
    if (!unconfirmedIn(read, ctx).length) return line;
    const keys = unconfirmedIn(maskSourcedText(read, ctx.sourced), ctx);
    if (!keys.length) return line;
    changed = true;
    return line.startsWith('|') ? noteInCell(line, keys) : `${line} ${note(keys)}`;
  });
  return changed ? marked.join('\n') : section;
}
