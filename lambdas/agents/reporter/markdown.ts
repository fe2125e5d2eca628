/** Small Markdown helpers: escaping for table cells and tables from rows. */
export function cell(value: unknown): string {
  return String(value ?? '').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ').trim() || '—';
}

export function table(headers: string[], rows: unknown[][]): string {
  const head = `| ${headers.join(' | ')} |\n| ${headers.map(() => '---').join(' | ')} |`;
  return [head, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)].join('\n');
}

export const bullet = (items: string[]): string => items.map((i) => `- ${i}`).join('\n');
