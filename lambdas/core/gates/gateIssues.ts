import type { ZodType } from 'zod';
import type { GateIssue } from './gateSchema';

/** Longest evidence pointer kept in an issue (a quote or value is cut, never a whole document). */
const MAX_EVIDENCE_CHARS = 160;
/** At most this many issues of one kind are reported; the rest are counted in one more issue. */
export const MAX_ISSUES_PER_CHECK = 10;

/** Evidence text, whitespace collapsed and cut to a short pointer. */
export function pointer(text: string): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return collapsed.length <= MAX_EVIDENCE_CHARS ? collapsed : `${collapsed.slice(0, MAX_EVIDENCE_CHARS - 1)}…`;
}

export function gateError(code: string, message: string, suggestedFix: string, evidence: string[] = []): GateIssue {
  return { code, message, evidence: evidence.map(pointer), severity: 'error', suggestedFix };
}

export function gateWarning(code: string, message: string, suggestedFix: string, evidence: string[] = []): GateIssue {
  return { code, message, evidence: evidence.map(pointer), severity: 'warning', suggestedFix };
}

/** A path such as `factors[2].evidence[0].quote`. */
export function pathOf(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : `${out ? '.' : ''}${String(part)}`;
  return out || '(output)';
}

/** Keeps the first MAX_ISSUES_PER_CHECK issues and summarises the rest under the same code. */
export function capped(issues: GateIssue[]): GateIssue[] {
  if (issues.length <= MAX_ISSUES_PER_CHECK) return issues;
  const rest = issues.length - MAX_ISSUES_PER_CHECK;
  const first = issues[0];
  return [
    ...issues.slice(0, MAX_ISSUES_PER_CHECK),
    { ...first, message: `${rest} more issue${rest === 1 ? '' : 's'} like the above were not listed`, evidence: [] },
  ];
}

/**
 * One error per schema violation (paths and zod's messages only: no values from the output, which may
 * hold document text). Empty when the value conforms.
 */
export function schemaIssues(schema: ZodType, value: unknown, code: string, contract: string): GateIssue[] {
  const parsed = schema.safeParse(value);
  if (parsed.success) return [];
  return capped(
    parsed.error.issues.map((i) =>
      gateError(code, `the output does not match the ${contract} contract at ${pathOf(i.path)}: ${i.message}`, `produce an output that conforms to ${contract} (field ${pathOf(i.path)})`, [pathOf(i.path)]),
    ),
  );
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
