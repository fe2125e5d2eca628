/**
 * Loads the document checklists from their JSON file, validated once against the schema (every
 * accepted document type must be one the intake classifier recognises). A broken file fails with
 * every problem listed, each naming the checklist, the item and the field.
 */
import type * as z from 'zod';
import type { ApplicationType } from '../../contracts/intakeOutput';
// Static import so a bundler ships the checklists inside the CLI and the Lambdas.
import bundled from './checklists.json';
import { ChecklistFile, type ChecklistItem, type Checklists, resolveChecklists } from './checklistSchema';
import { DeterministicError } from '../errors/deterministicError';

export const CHECKLISTS_FILE = 'lambdas/core/checklists/checklists.json';

/** A checklist file that does not match its schema; `problems` names each bad field. */
export class ChecklistsInvalid extends DeterministicError {
  override readonly name = 'ChecklistsInvalid';
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`document checklists ${file} are invalid: ${problems.join('; ')}`);
  }
}

interface RawFile {
  checklists?: Record<string, Array<{ id?: unknown; use?: unknown }> | undefined>;
}

/** Turns an issue path into words: `checklist 'study-permit' item 'passport' (entry 3) field 'accepts.0'`. */
function where(path: ReadonlyArray<PropertyKey>, raw: unknown): string {
  const parts = path.map(String);
  if (parts[0] === 'sharedItems' && parts.length > 1) {
    const rest = parts.slice(2);
    return `shared item '${parts[1]}'${rest.length ? ` field '${rest.join('.')}'` : ''}`;
  }
  if (parts[0] !== 'checklists' || parts.length < 2) return parts.length ? `field '${parts.join('.')}'` : 'file';
  let text = `checklist '${parts[1]}'`;
  if (parts.length > 2) {
    const index = Number(parts[2]);
    const entry = (raw as RawFile)?.checklists?.[parts[1]]?.[index];
    const id = entry?.use ?? entry?.id;
    text += typeof id === 'string' ? ` item '${id}' (entry ${index})` : ` entry ${index}`;
  }
  const rest = parts.slice(3);
  return rest.length ? `${text} field '${rest.join('.')}'` : text;
}

function describeIssues(error: z.ZodError, raw: unknown): string[] {
  return error.issues.map((issue) => `${where(issue.path, raw)}: ${issue.message}`);
}

/** Validates checklist data; throws ChecklistsInvalid naming the file and each bad field. */
export function parseChecklists(file: string, data: unknown): Checklists {
  const parsed = ChecklistFile.safeParse(data);
  if (!parsed.success) throw new ChecklistsInvalid(file, describeIssues(parsed.error, data));
  return resolveChecklists(parsed.data);
}

let cached: Checklists | undefined;

/** The bundled checklists, validated on first use. */
export function loadChecklists(): Checklists {
  cached ??= parseChecklists(CHECKLISTS_FILE, bundled);
  return cached;
}

/** The checklist of one application type, in the order its items are checked and reported. */
export function checklistFor(applicationType: ApplicationType): ChecklistItem[] {
  return loadChecklists()[applicationType];
}
