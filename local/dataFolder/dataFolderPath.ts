import { resolve } from 'node:path';

/** The data folder: `CASE_AUDIT_HOME`, else `.case-audit` in the current folder. */
export const dataFolder = (): string => resolve(process.env.CASE_AUDIT_HOME || '.case-audit');
