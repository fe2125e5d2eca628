import * as z from 'zod';

/** Where a fact came from. `quote` appears verbatim in the extracted text of `docId` (page `page`). */
export const Evidence = z.strictObject({
  docId: z.string(),
  page: z.number().int().positive().optional(),
  quote: z.string().min(1),
});
export type Evidence = z.infer<typeof Evidence>;

export const Fact = z.strictObject({
  value: z.string(),
  evidence: Evidence,
});
export type Fact = z.infer<typeof Fact>;
