/**
 * The quick run-time reading of an index file (`irpa.json` / `irpr.json`, see
 * `statuteIndexFileSchema`): the metadata through zod and the columns by `columnProblems`, which
 * allocates nothing per unit. The full schema and the consistency checks are enforced when the
 * files are generated and by the unit tests; this reading still refuses a file whose columns do not
 * fit together, naming why.
 */
import * as z from 'zod';
import { STATUTE_FILE_VERSION, instrumentMetadataSchema, type InstrumentMetadata, type StatuteIndexFile } from './statuteIndexSchema';
import { columnProblems, UnitColumns } from './unitColumns';

const headerSchema = z.strictObject({ version: z.literal(STATUTE_FILE_VERSION), instrument: instrumentMetadataSchema });

export type StatuteIndexReading = { success: true; instrument: InstrumentMetadata; units: UnitColumns } | { success: false; problems: string[] };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads one index file; the problems name what does not read. */
export function readStatuteIndexFile(raw: unknown): StatuteIndexReading {
  if (!isRecord(raw)) return { success: false, problems: ['not a JSON object'] };
  const { units, ...header } = raw;
  const parsed = headerSchema.safeParse(header);
  if (!parsed.success) return { success: false, problems: parsed.error.issues.slice(0, 20).map((issue) => `${issue.path.join('.')}: ${issue.message}`) };
  if (!isRecord(units)) return { success: false, problems: ['units: expected an object'] };
  const problems = columnProblems(parsed.data.instrument.id, units);
  if (problems.length > 0) return { success: false, problems };
  return { success: true, instrument: parsed.data.instrument, units: new UnitColumns(parsed.data.instrument.id, units as StatuteIndexFile['units']) };
}
