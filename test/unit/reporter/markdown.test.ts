import { bold, bullet, cell, inline, MAX_INLINE_CHARS, md, table } from '../../../lambdas/agents/reporter/markdown';
import { FORBIDDEN_FROM_TEXT, count, parse, plainText, structure, visible } from './markdownParse';

/** Names a hostile client might give a file, and how a reader should see each one in the report. */
const HOSTILE: Array<[raw: string, shown: string]> = [
  ['offer.pdf\n# AUDIT PASSED — no issues found', 'offer.pdf # AUDIT PASSED — no issues found'],
  ['# AUDIT PASSED', '# AUDIT PASSED'],
  ['[click](https://evil.example)', '[click](https://evil.example)'],
  ['![x](https://evil.example/x.png)', '![x](https://evil.example/x.png)'],
  ['<script>alert(1)</script>', '<script>alert(1)</script>'],
  ['<img src=x onerror=alert(1)>', '<img src=x onerror=alert(1)>'],
  ['<https://evil.example>', '<https://evil.example>'],
  ['| a | b |', '| a | b |'],
  ['`code` and ```fence', '`code` and ```fence'],
  ['*bold* and **strong**', '*bold* and **strong**'],
  ['_u_', '_u_'],
  ['~~struck~~', '~~struck~~'],
  ['> quote', '> quote'],
  ['1. list', '1. list'],
  ['1) list', '1) list'],
  ['- item', '- item'],
  ['+ item', '+ item'],
  ['---', '---'],
  ['===', '==='],
  ['***', '***'],
  ['    indented code', 'indented code'],
  ['cr\rinside.pdf', 'cr inside.pdf'],
  ['line\u2028separator\u2029paragraph.pdf', 'line separator paragraph.pdf'],
  ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
  ['tab\tand\u0000nul\u0085nel.pdf', 'tab and nul nel.pdf'],
  ['&lt;b&gt; &#60; &amp;', '&lt;b&gt; &#60; &amp;'],
  ['ends-with\\', 'ends-with\\'],
  ['http://autolink.example', 'http://autolink.example'],
  ['see www.evil-site.com now', 'see www.evil-site.com now'],
  ['mail me@evil.example', 'mail me@evil.example'],
  ['[^1]: footnote', '[^1]: footnote'],
  ['[ref]: https://evil.example', '[ref]: https://evil.example'],
  ['$x^2$ math', '$x^2$ math'],
];

/** The one inline token of a document that must be a single paragraph. */
function singleParagraph(source: string) {
  const tokens = parse(source);
  expect(structure(tokens).filter((s) => !s.startsWith('inline'))).toEqual(['paragraph_open:p', 'paragraph_close:p']);
  return tokens[1];
}

describe('inline', () => {
  it('leaves ordinary file names exactly as they are', () => {
    for (const name of [
      'letter-of-acceptance.pdf',
      'Études/relevé.pdf',
      'bank_statement_2024.pdf',
      'passport scan (2).pdf',
      'Smith & Co offer.pdf',
      '2024.03.01 payslip.pdf',
      'résumé — final!.docx',
      'C#-notes.txt',
    ]) {
      expect(inline(name)).toBe(name);
    }
  });

  it('turns CR, LF, U+2028, U+2029, tabs and other control characters into single spaces', () => {
    expect(inline('a\r\nb\rc\nd\u2028e\u2029f\tg\u0000h\u0085i\u007Fj')).toBe('a b c d e f g h i j');
    expect(inline('  spaced \n\n  out  ')).toBe('spaced out');
  });

  it('removes bidi overrides, isolates and marks such as U+202E so text displays as it is stored', () => {
    expect(inline('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(inline('\u2066a\u2069\u200Eb\u200F\u061Cc\uFEFF')).toBe('abc');
  });

  it('escapes a leading # so "# AUDIT PASSED" stays text, and leaves a # later in the text alone', () => {
    expect(inline('# AUDIT PASSED')).toBe('\\# AUDIT PASSED');
    expect(inline('offer.pdf\n# AUDIT PASSED')).toBe('offer.pdf # AUDIT PASSED');
  });

  it('escapes list, setext and thematic-break openers at the start of the text', () => {
    expect(inline('- item')).toBe('\\- item');
    expect(inline('+ item')).toBe('\\+ item');
    expect(inline('* item')).toBe('\\* item');
    expect(inline('---')).toBe('\\---');
    expect(inline('===')).toBe('\\===');
    expect(inline('1. list')).toBe('1\\. list');
    expect(inline('12) list')).toBe('12\\) list');
    expect(inline('7.')).toBe('7\\.');
  });

  it('leaves a number followed by a dot and no space alone, since it cannot open a list', () => {
    expect(inline('2024.pdf')).toBe('2024.pdf');
  });

  it('escapes link and image brackets so no link, image, reference or footnote can form', () => {
    expect(inline('[click](https://evil.example)')).toBe('\\[click\\](https\\://evil.example)');
    expect(inline('![x](y.png)')).toBe('!\\[x\\](y.png)');
  });

  it('turns < and > into entities so no raw HTML, autolink or block quote passes', () => {
    expect(inline('<img src=x onerror=alert(1)>')).toBe('&lt;img src=x onerror=alert(1)&gt;');
    expect(inline('> quote')).toBe('&gt; quote');
  });

  it('turns & into &amp; wherever it could start an entity, and leaves "Smith & Co" readable', () => {
    expect(inline('&lt; &#60; &#x3C; &')).toBe('&amp;lt; &amp;#60; &amp;#x3C; &amp;');
    expect(inline('Smith & Co')).toBe('Smith & Co');
  });

  it('backslash-escapes emphasis, code span, strikethrough, table pipe and math characters', () => {
    expect(inline('a*b`c~d|e$f')).toBe('a\\*b\\`c\\~d\\|e\\$f');
  });

  it('keeps an underscore between letters or digits and escapes one that could open or close emphasis', () => {
    expect(inline('relevé_bancaire_2024')).toBe('relevé_bancaire_2024');
    expect(inline('_u_')).toBe('\\_u\\_');
    expect(inline('a _b_ c')).toBe('a \\_b\\_ c');
    expect(inline('snake_')).toBe('snake\\_');
  });

  it('escapes a trailing backslash so it cannot escape what follows it or break the line', () => {
    expect(inline('ends-with\\')).toBe('ends-with\\\\');
    expect(`| ${inline('ends-with\\')} |`).toBe('| ends-with\\\\ |');
  });

  it('breaks bare-URL, www and e-mail autolinks but keeps them readable', () => {
    expect(inline('http://autolink.example')).toBe('http\\://autolink.example');
    expect(inline('see www.evil.com')).toBe('see www\\.evil.com');
    expect(inline('me@evil.example')).toBe('me\\@evil.example');
    expect(inline('flowww.pdf @ home')).toBe('flowww.pdf @ home');
  });

  it('cuts text longer than the bound and marks the cut with an ellipsis, never splitting a surrogate pair', () => {
    expect(Array.from(inline('x'.repeat(MAX_INLINE_CHARS + 50)))).toHaveLength(MAX_INLINE_CHARS);
    expect(inline('x'.repeat(MAX_INLINE_CHARS + 50)).endsWith('x…')).toBe(true);
    expect(inline('😀😀😀😀', 3)).toBe('😀😀…');
    expect(inline('abc', 3)).toBe('abc');
  });

  const samples = HOSTILE.map(([raw, shown]) => [visible(raw), raw, shown]);

  it.each(samples)('renders %s as one paragraph of plain text that reads as the original', (_title, raw, shown) => {
    const paragraph = singleParagraph(inline(raw));
    expect(paragraph.children?.map((c) => c.type)).toEqual(['text']);
    expect(plainText(paragraph)).toBe(shown);
  });

  it.each(samples)('keeps %s a plain list item, a plain bold name and a single table cell', (_title, raw, shown) => {
    const source = [bullet([inline(raw), md`${bold(raw)}: ${inline(raw)}`]), '', table(['Document', 'Note'], [[raw, raw]])].join('\n');
    const tokens = parse(source);
    expect(structure(tokens).filter((s) => !s.startsWith('inline'))).toEqual([
      'bullet_list_open:ul',
      ...['list_item_open:li', 'paragraph_open:p', 'paragraph_close:p', 'list_item_close:li'],
      ...['list_item_open:li', 'paragraph_open:p', 'paragraph_close:p', 'list_item_close:li'],
      'bullet_list_close:ul',
      ...['table_open:table', 'thead_open:thead', 'tr_open:tr', 'th_open:th', 'th_close:th', 'th_open:th', 'th_close:th', 'tr_close:tr', 'thead_close:thead'],
      ...['tbody_open:tbody', 'tr_open:tr', 'td_open:td', 'td_close:td', 'td_open:td', 'td_close:td', 'tr_close:tr', 'tbody_close:tbody', 'table_close:table'],
    ]);
    for (const type of FORBIDDEN_FROM_TEXT) expect(count(tokens, type)).toBe(0);
    expect(count(tokens, 'strong_open')).toBe(1);
    const texts = tokens.filter((t) => t.type === 'inline').map(plainText);
    expect(texts).toEqual([shown, `${shown}: ${shown}`, 'Document', 'Note', shown, shown]);
  });
});

describe('cell', () => {
  it('shows an em dash for an empty, missing or whitespace-only value', () => {
    expect(cell('')).toBe('—');
    expect(cell(undefined)).toBe('—');
    expect(cell(null)).toBe('—');
    expect(cell(' \n ')).toBe('—');
  });

  it('writes numbers as they are', () => {
    expect(cell(3)).toBe('3');
    expect(cell(0)).toBe('0');
  });

  it('keeps a value with pipes and a newline inside its own cell', () => {
    const tokens = parse(table(['A', 'B'], [['| a | b |\nnext', 'second']]));
    expect(count(tokens, 'td_open')).toBe(2);
    expect(tokens.filter((t) => t.type === 'inline').map(plainText)).toEqual(['A', 'B', '| a | b | next', 'second']);
  });
});

describe('bold', () => {
  it('shows a name in bold with its text escaped', () => {
    expect(bold('letter-of-acceptance.pdf')).toBe('**letter-of-acceptance.pdf**');
    expect(bold('<b>x</b>')).toBe('**&lt;b&gt;x&lt;/b&gt;**');
  });

  it('shows an em dash in bold for an empty name rather than a bare ****', () => {
    expect(bold('\n')).toBe('**—**');
  });
});

describe('md', () => {
  it('joins Markdown from our code with escaped values and numbers', () => {
    expect(md`**Name:** ${inline('*x*')} (${2} pages)`).toBe('**Name:** \\*x\\* (2 pages)');
  });
});

describe('table', () => {
  it('escapes headers as well as cells, and gives every row the same number of cells', () => {
    const source = table(['Fact | kind', 'Value'], [['a', 'b'], ['c|d', 'e']]);
    expect(source.split('\n')[0]).toBe('| Fact \\| kind | Value |');
    const tokens = parse(source);
    expect(count(tokens, 'tr_open')).toBe(3);
    expect(count(tokens, 'th_open') + count(tokens, 'td_open')).toBe(6);
  });
});
