import * as z from 'zod';
import { ApplicationType, DOCUMENT_TYPES } from '../../contracts/intakeOutput';

/**
 * The document-checklist file (`checklists.json`): per application type, the documents an officer
 * expects. Lawyers may edit it; this schema says what a valid one looks like. Items used by several
 * checklists are written once under `sharedItems` and named with `{ "use": "<id>" }`.
 */

const text = z.string().trim().min(1);
const ItemId = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'an item id in kebab case, e.g. "proof-of-funds"');
/** A document type the intake classifier recognises (the DocumentType enum of the intake contract). */
const DocumentType = z.enum(DOCUMENT_TYPES, {
  error: (issue) => `${JSON.stringify(issue.input)} is not a document type the classifier recognises (see DOCUMENT_TYPES in lambdas/contracts/intakeOutput.ts)`,
});

/** One line of a document checklist: satisfied by any document of an accepted type. */
export const ChecklistItem = z.strictObject({
  id: ItemId,
  label: text,
  required: z.boolean(),
  /** Document types (as the intake classifier names them) that satisfy the item. */
  accepts: z.array(DocumentType).min(1),
  /** Why an officer expects it; shown when the item is missing. */
  why: text,
});
export type ChecklistItem = z.infer<typeof ChecklistItem>;

/** An item written once and used by several checklists; its id is its key in `sharedItems`. */
export const SharedItem = ChecklistItem.omit({ id: true });

const ITEM_FIELDS = ['id', 'label', 'required', 'accepts', 'why'] as const;

/**
 * One entry of a checklist: either a whole item, or `use` naming a shared item, with its label,
 * required or why optionally replaced (its id and accepted types stay those of the shared item).
 */
export const ChecklistFileEntry = z
  .strictObject({
    use: ItemId.optional(),
    id: ItemId.optional(),
    label: text.optional(),
    required: z.boolean().optional(),
    accepts: z.array(DocumentType).min(1).optional(),
    why: text.optional(),
  })
  .superRefine((entry, ctx) => {
    if (entry.use !== undefined) {
      for (const field of ['id', 'accepts'] as const) {
        if (entry[field] !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: `an entry that uses shared item '${entry.use}' keeps its ${field}; remove '${field}' or write the whole item` });
      }
      return;
    }
    for (const field of ITEM_FIELDS) {
      if (entry[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: `missing: an item needs ${ITEM_FIELDS.join(', ')} (or "use" to name a shared item)` });
    }
  });
export type ChecklistFileEntry = z.infer<typeof ChecklistFileEntry>;

/**
 * A program's changes to its type's checklist (a Quebec study permit, an LMIA-exempt work permit, a
 * super visa, Express Entry): the application facts say which programs apply; the program removes the
 * items its law does not ask for and adds (or replaces, by id) the ones it does.
 */
export const ChecklistProgram = z.strictObject({
  id: ItemId,
  about: text,
  /** The checklists (application types) this program changes. */
  types: z.array(ApplicationType).min(1),
  /** Applies when the facts' application kind is one of these, or one of its sub-kinds is (a sub-kind `a` also matches `a:<detail>`). */
  when: z
    .strictObject({ kinds: z.array(z.string().min(1)).optional(), subKinds: z.array(z.string().min(1)).optional() })
    .refine((w) => (w.kinds?.length ?? 0) + (w.subKinds?.length ?? 0) > 0, 'a program needs kinds and/or subKinds to match'),
  remove: z.array(ItemId).optional(),
  add: z.array(z.lazy(() => ChecklistFileEntry)).optional(),
});
export type ChecklistProgram = z.infer<typeof ChecklistProgram>;

export const ChecklistFile = z
  .strictObject({
    $comment: z.string().optional(),
    sharedItems: z.record(ItemId, SharedItem),
    programs: z.array(ChecklistProgram).optional(),
    /** Every application type has a checklist; items are checked and reported in this order. */
    checklists: z.record(
      ApplicationType,
      z.array(ChecklistFileEntry, { error: (issue) => (issue.input === undefined ? 'missing: every application type needs a checklist' : undefined) }).min(1),
    ),
  })
  .superRefine((file, ctx) => {
    (file.programs ?? []).forEach((p, pi) =>
      (p.add ?? []).forEach((entry, i) => {
        if (entry.use !== undefined && !(entry.use in file.sharedItems)) ctx.addIssue({ code: 'custom', path: ['programs', pi, 'add', i, 'use'], message: `no shared item '${entry.use}'` });
      }),
    );
    for (const [type, entries] of Object.entries(file.checklists)) {
      const seen = new Set<string>();
      entries.forEach((entry, i) => {
        if (entry.use !== undefined && !(entry.use in file.sharedItems)) {
          ctx.addIssue({ code: 'custom', path: ['checklists', type, i, 'use'], message: `no shared item '${entry.use}' (shared items: ${Object.keys(file.sharedItems).join(', ')})` });
        }
        const id = entry.use ?? entry.id;
        if (id === undefined) return;
        if (seen.has(id)) ctx.addIssue({ code: 'custom', path: ['checklists', type, i], message: `item '${id}' is listed twice` });
        seen.add(id);
      });
    }
  });
export type ChecklistFile = z.infer<typeof ChecklistFile>;

/** The checklists with every shared item written out, by application type. */
export type Checklists = Record<ApplicationType, ChecklistItem[]>;

/** A program with its added items written out. */
export interface ResolvedProgram {
  id: string;
  types: ApplicationType[];
  kinds: string[];
  subKinds: string[];
  remove: string[];
  add: ChecklistItem[];
}

/** Writes out each program's added entries (shared items resolved as in the checklists). */
export function resolvePrograms(file: ChecklistFile): ResolvedProgram[] {
  return (file.programs ?? []).map((p) => ({
    id: p.id,
    types: p.types,
    kinds: p.when.kinds ?? [],
    subKinds: p.when.subKinds ?? [],
    remove: p.remove ?? [],
    add: (p.add ?? []).map((entry) => resolveEntry(file, entry)),
  }));
}

function resolveEntry(file: ChecklistFile, entry: ChecklistFileEntry): ChecklistItem {
  if (entry.use === undefined) return ChecklistItem.parse(entry);
  const shared = file.sharedItems[entry.use];
  return { id: entry.use, label: entry.label ?? shared.label, required: entry.required ?? shared.required, accepts: shared.accepts, why: entry.why ?? shared.why };
}

/** Writes out each `use` entry as its shared item, with the entry's replacements applied. */
export function resolveChecklists(file: ChecklistFile): Checklists {
  const resolve = (entry: ChecklistFileEntry): ChecklistItem => {
    if (entry.use === undefined) return ChecklistItem.parse(entry);
    const shared = file.sharedItems[entry.use];
    return {
      id: entry.use,
      label: entry.label ?? shared.label,
      required: entry.required ?? shared.required,
      accepts: shared.accepts,
      why: entry.why ?? shared.why,
    };
  };
  return Object.fromEntries(Object.entries(file.checklists).map(([type, entries]) => [type, entries.map(resolve)])) as Checklists;
}
