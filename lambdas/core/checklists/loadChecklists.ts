/**
 * Loads the document checklists from their JSON file, validated once against the schema (every
 * accepted document type must be one the intake classifier recognises). A broken file fails with
 * every problem listed, each naming the checklist, the item and the field.
 */
import type * as z from 'zod';
import type { ApplicationType } from '../../contracts/intakeOutput';
import type { Application } from '../../contracts/caseFacts';
// Static import so a bundler ships the checklists inside the CLI and the Lambdas.
import bundled from './checklists.json';
import { ChecklistFile, type ChecklistItem, type Checklists, type ResolvedProgram, resolveChecklists, resolvePrograms } from './checklistSchema';
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

/** Validates checklist data and writes out its programs; throws ChecklistsInvalid as parseChecklists does. */
export function parsePrograms(file: string, data: unknown): ResolvedProgram[] {
  const parsed = ChecklistFile.safeParse(data);
  if (!parsed.success) throw new ChecklistsInvalid(file, describeIssues(parsed.error, data));
  return resolvePrograms(parsed.data);
}

let cached: Checklists | undefined;
let cachedPrograms: ResolvedProgram[] | undefined;

/** The bundled checklists, validated on first use. */
export function loadChecklists(): Checklists {
  cached ??= parseChecklists(CHECKLISTS_FILE, bundled);
  return cached;
}

/** The bundled programs (checklist changes by program), validated on first use. */
export function loadPrograms(): ResolvedProgram[] {
  cachedPrograms ??= parsePrograms(CHECKLISTS_FILE, bundled);
  return cachedPrograms;
}

/** A sub-kind `lmia-exempt` matches the facts' `lmia-exempt` and `lmia-exempt:pgwp`. */
const subKindMatches = (wanted: string, found: string): boolean => found === wanted || found.startsWith(`${wanted}:`);

/** The programs the application facts say apply to a checklist of this type. */
export function programsFor(applicationType: ApplicationType, application: Pick<Application, 'kind' | 'subKinds'> | undefined, programs: ResolvedProgram[] = loadPrograms()): ResolvedProgram[] {
  if (!application) return [];
  return programs.filter(
    (p) => p.types.includes(applicationType) && (p.kinds.includes(application.kind) || p.subKinds.some((w) => application.subKinds.some((s) => subKindMatches(w, s)))),
  );
}

/**
 * The checklist of one application type, in the order its items are checked and reported, changed by
 * the programs the application facts name (without facts, the type's general checklist).
 */
export function checklistFor(applicationType: ApplicationType, application?: Pick<Application, 'kind' | 'subKinds'>): ChecklistItem[] {
  let items = [...loadChecklists()[applicationType]];
  for (const program of programsFor(applicationType, application)) {
    items = items.filter((item) => !program.remove.includes(item.id));
    for (const added of program.add) {
      const at = items.findIndex((item) => item.id === added.id);
      if (at >= 0) items[at] = added;
      else items.push(added);
    }
  }
  return items;
}
