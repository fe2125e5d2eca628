import * as z from 'zod';

/** The Reporter's output: the object keys of the reports it wrote (`pdf` null when the PDF could not be typeset). */
export const ReporterOutput = z.strictObject({
  reports: z.strictObject({
    markdown: z.string().min(1),
    bundle: z.string().min(1),
    pdf: z.string().min(1).nullable(),
  }),
});
export type ReporterOutput = z.infer<typeof ReporterOutput>;
