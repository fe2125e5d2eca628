/**
 * The quick run-time reading of a committed statute file: the envelope through zod, each of the
 * ~5,700 provisions through a plain shape check of what the lookups rely on. The full schema
 * (`statuteFileSchema`) stays the source of the types and is enforced when the files are generated
 * and by the unit tests.
 */
import { z } from 'zod';
import { PROVISION_KINDS, STATUTE_FILE_VERSION, instrumentMetadataSchema } from './statuteIndexSchema';

/** The file without its provisions (zod would spend ~10 ms cold just walking 5,700 unknowns). */
const statuteHeaderSchema = z.strictObject({
  version: z.literal(STATUTE_FILE_VERSION),
  instrument: instrumentMetadataSchema,
});

export type StatuteEnvelopeReading =
  | { success: true; data: z.infer<typeof statuteHeaderSchema> & { provisions: unknown[] } }
  | { success: false; problems: string[] };

/** Reads the version, the instrument's metadata (zod) and that `provisions` is a list. */
export function readStatuteEnvelope(raw: unknown): StatuteEnvelopeReading {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { success: false, problems: ['not a JSON object'] };
  const { provisions, ...header } = raw as Record<string, unknown>;
  const parsed = statuteHeaderSchema.safeParse(header);
  const problems = parsed.success ? [] : parsed.error.issues.slice(0, 20).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  if (!Array.isArray(provisions)) problems.push('provisions: expected a list');
  if (!parsed.success || !Array.isArray(provisions)) return { success: false, problems };
  return { success: true, data: { ...parsed.data, provisions } };
}

const KINDS: ReadonlySet<string> = new Set(PROVISION_KINDS);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isOptionalString = (value: unknown): boolean => value === undefined || typeof value === 'string';
const isBilingual = (value: unknown): boolean => isRecord(value) && isOptionalString(value.en) && isOptionalString(value.fr);

const NO_PROBLEMS: readonly string[] = Object.freeze([]);

/** The fields every lookup reads; checked plainly because this runs ~5,700 times per cold start. */
function looksLikeProvision(raw: unknown): boolean {
  if (typeof raw !== 'object' || raw === null) return false;
  const { id, kind, parent, text } = raw as Record<string, unknown>;
  return (
    typeof id === 'string' &&
    typeof kind === 'string' &&
    KINDS.has(kind) &&
    (parent === null || typeof parent === 'string') &&
    typeof text === 'object' &&
    text !== null
  );
}

/** What is wrong with one raw provision's shape, as sentences naming `where()`; empty when it looks right. */
export function provisionShapeProblems(raw: unknown, where: () => string): readonly string[] {
  if (looksLikeProvision(raw)) return NO_PROBLEMS;
  if (!isRecord(raw)) return [`${where()} is not an object`];
  const name = typeof raw.id === 'string' && raw.id !== '' ? raw.id : where();
  const problems: string[] = [];
  if (typeof raw.id !== 'string' || raw.id === '') problems.push(`${name} has no id`);
  if (typeof raw.kind !== 'string' || !KINDS.has(raw.kind)) problems.push(`${name} has an unknown kind`);
  if (typeof raw.label !== 'string') problems.push(`${name} has no label`);
  if (!Array.isArray(raw.path) || !raw.path.every((segment) => typeof segment === 'string')) problems.push(`${name} has no path`);
  if (raw.parent !== null && typeof raw.parent !== 'string') problems.push(`${name} has no parent field`);
  if (!isBilingual(raw.text)) problems.push(`${name} has no text object`);
  for (const field of ['marginalNote', 'term', 'continuedText', 'note'] as const) {
    if (raw[field] !== undefined && !isBilingual(raw[field])) problems.push(`${name} has a malformed ${field}`);
  }
  if (raw.repealed !== undefined && !(isRecord(raw.repealed) && typeof raw.repealed.by === 'string')) problems.push(`${name} has a malformed repealed marker`);
  return problems;
}
