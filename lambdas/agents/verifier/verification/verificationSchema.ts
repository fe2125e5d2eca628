import * as z from 'zod';
import type { ExternalAnswers } from './externalConfirmation';

/** One citation to verify: from an agent's structured authorities or free text, or from a client's document. */
export const CitationInput = z.object({
  /** As written: a neutral or reporter citation (optionally with its style of cause), a provision, or a case name. */
  citation: z.string(),
  /** Style of cause given with the citation (for a provision: its title, which is not compared). */
  name: z.string().optional(),
  /** What the authority is cited for; checked against the holding when present. */
  proposition: z.string().optional(),
  /** An agent stage (`detective`, `strategist`, …) or `document:<docId>`. */
  foundIn: z.string(),
  /** What the producer says it is. `policy` sources are outside the offline sources: always `unverified`. */
  kind: z.enum(['case', 'provision', 'policy']).optional(),
});
export type CitationInput = z.infer<typeof CitationInput>;

export interface CheckOptions {
  /** The clock used to reject future years (defaults to now). */
  now?: Date;
  /** What an external source (CanLII) answered about decisions the index lacks, by normalised citation. */
  external?: ExternalAnswers;
}

/** Longest citation or name text kept in a verdict (longer input is garbled text, shown truncated). */
export const MAX_SHOWN_LENGTH = 200;

/** Collapsed whitespace, trimmed, truncated to MAX_SHOWN_LENGTH with an ellipsis. */
export function shown(text: string): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return collapsed.length <= MAX_SHOWN_LENGTH ? collapsed : `${collapsed.slice(0, MAX_SHOWN_LENGTH - 1)}…`;
}
