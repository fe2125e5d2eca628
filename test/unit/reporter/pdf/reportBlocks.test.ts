import { bold, bullet, inline, md, table } from '../../../../lambdas/agents/reporter/markdown';
import { parseInline, parseReportMarkdown, plainText } from '../../../../lambdas/agents/reporter/pdf/reportBlocks';
import { renderReport } from '../../../../lambdas/agents/reporter/renderReport';
import { HOSTILE } from '../hostileSamples';
import { judgedReport } from '../judgedFixture';
import { parse, plainText as markdownItText } from '../markdownParse';

/** What a CommonMark reader (markdown-it) shows for one paragraph of Markdown. */
const shownByMarkdownIt = (source: string): string => {
  const inlineToken = parse(source).find((t) => t.type === 'inline');
  return inlineToken ? markdownItText(inlineToken) : '';
};

describe('reading report.md back for the PDF', () => {
  it.each(HOSTILE)('reads escaped file text %j as the same words a Markdown reader shows', (raw, shown) => {
    const source = inline(raw);
    expect(plainText(parseInline(source))).toBe(shown);
    expect(plainText(parseInline(source))).toBe(shownByMarkdownIt(source));
  });

  it.each(HOSTILE)('reads a table cell holding %j as the same words', (raw, shown) => {
    const [block] = parseReportMarkdown(table(['Name', 'Note'], [[raw, 'x']]));
    expect(block.kind).toBe('table');
    if (block.kind !== 'table') return;
    expect(block.rows.map((r) => r.map(plainText))).toEqual([[shown, 'x']]);
  });

  it('keeps our own emphasis: bold labels, italic words and notices', () => {
    const runs = parseInline(md`**Outcome: ${inline('REVISE')}** — an *unverified* citation in ${inline('bank_statement.pdf')}`);
    expect(runs.map((r) => [r.text, r.bold, r.italic])).toEqual([
      ['Outcome: REVISE', true, false],
      [' — an ', false, false],
      ['unverified', false, true],
      [' citation in bank_statement.pdf', false, false],
    ]);
    expect(parseInline('_No evidence quotes._')).toEqual([{ text: 'No evidence quotes.', bold: false, italic: true, code: false }]);
  });

  it('reads headings, paragraphs, lists, quotes and tables in order', () => {
    const source = [
      '> **Disclaimer.** Not legal advice.',
      '## Section',
      bold('file.pdf'),
      bullet([inline('one'), inline('two')]),
      table(['A', 'B'], [['1', '2'], ['3']]),
      '#### Deeper',
    ].join('\n\n');
    expect(parseReportMarkdown(source).map((b) => b.kind)).toEqual(['quote', 'heading', 'paragraph', 'list', 'table', 'heading']);
    const tableBlock = parseReportMarkdown(table(['A', 'B'], [['1', '2'], ['3']]))[0];
    expect(tableBlock.kind === 'table' && tableBlock.rows.map((r) => r.map(plainText))).toEqual([['1', '2'], ['3', '']]);
  });

  it('finds the same section titles markdown-it finds in a whole report', () => {
    const markdown = renderReport(judgedReport());
    const ours = parseReportMarkdown(markdown).flatMap((b) => (b.kind === 'heading' ? [`h${b.level} ${plainText(b.runs)}`] : []));
    const theirs = parse(markdown).flatMap((t, i, all) => (t.type === 'inline' && all[i - 1]?.type === 'heading_open' ? [`${all[i - 1].tag} ${markdownItText(t)}`] : []));
    expect(ours).toEqual(theirs);
  });

  it('always moves on, whatever a line holds', () => {
    expect(() => parseReportMarkdown('# \r\n##\u2028x\n|\n- \n>')).not.toThrow();
    expect(parseReportMarkdown('#### a\rb').map((b) => b.kind)).toEqual(['heading']);
    expect(parseReportMarkdown('##\u2028x').map((b) => b.kind)).toEqual(['paragraph']);
  });
});
