/**
 * Writes a statute file as JSON that diffs well: the header fields indented, then one provision per
 * line, in document order. Key order is the order the build gives the objects, so the same input
 * always gives the same bytes.
 */
import type { FrenchFile, StatuteFile } from '../../lambdas/core/statutes/statuteIndexSchema';

export function serializeStatuteFile(file: StatuteFile | FrenchFile): string {
  const { provisions, ...header } = file;
  const fields = Object.entries(header).map(([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value, null, 2).replace(/\n/g, '\n  ')}`);
  const lines = provisions.map((provision) => `    ${JSON.stringify(provision)}`).join(',\n');
  return `{\n${fields.join(',\n')},\n  "provisions": [\n${lines}\n  ]\n}\n`;
}
