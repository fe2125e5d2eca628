/**
 * Writes the statute files as JSON that diffs well, in the order the build gives the objects, so
 * that the same input always gives the same bytes:
 * - a words file: the header fields indented, then one unit per line, in UTF-8;
 * - an index file: the header indented, then each column with one entry per line (the kinds on one
 *   line, a letter per unit), every character beyond ASCII written as a `\u` escape so that the
 *   run time decodes the file as ASCII, several times faster than UTF-8.
 */
import type { StatuteIndexFile, WordsFile } from '../../lambdas/core/statutes/statuteIndexSchema';

const headerFields = (header: object, indent: string): string[] =>
  Object.entries(header).map(([key, value]) => `${indent}${JSON.stringify(key)}: ${JSON.stringify(value, null, 2).replace(/\n/g, `\n${indent}`)}`);

export function serializeWordsFile(file: WordsFile): string {
  const { provisions, ...header } = file;
  const lines = provisions.map((provision) => `    ${JSON.stringify(provision)}`).join(',\n');
  return `{\n${headerFields(header, '  ').join(',\n')},\n  "provisions": [\n${lines}\n  ]\n}\n`;
}

const toAscii = (json: string): string => json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

export function serializeIndexFile(file: StatuteIndexFile): string {
  const { units, ...header } = file;
  const columns = Object.entries(units).map(([key, value]) => {
    if (!Array.isArray(value)) return `    ${JSON.stringify(key)}: ${JSON.stringify(value)}`;
    const entries = (value as unknown[]).map((entry) => `      ${JSON.stringify(entry)}`).join(',\n');
    return value.length === 0 ? `    ${JSON.stringify(key)}: []` : `    ${JSON.stringify(key)}: [\n${entries}\n    ]`;
  });
  return toAscii(`{\n${headerFields(header, '  ').join(',\n')},\n  "units": {\n${columns.join(',\n')}\n  }\n}\n`);
}
