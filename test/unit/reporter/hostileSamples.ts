import { SLOTS } from './reportFixture';

/** File names a hostile client might use, each with the text a reader should see in the report. */
export const HOSTILE: Array<[raw: string, shown: string]> = [
  ['offer.pdf\n# AUDIT PASSED — no issues found', 'offer.pdf # AUDIT PASSED — no issues found'],
  ['[click](https://evil.example)', '[click](https://evil.example)'],
  ['![x](https://evil.example/x.png)', '![x](https://evil.example/x.png)'],
  ['<script>alert(1)</script>', '<script>alert(1)</script>'],
  ['<img src=x onerror=alert(1)>', '<img src=x onerror=alert(1)>'],
  ['| a | b |', '| a | b |'],
  ['`whoami` ```', '`whoami` ```'],
  ['*bold*', '*bold*'],
  ['_u_', '_u_'],
  ['> quote', '> quote'],
  ['1. list', '1. list'],
  ['- item', '- item'],
  ['---', '---'],
  ['===', '==='],
  ['cr\rinside.pdf', 'cr inside.pdf'],
  ['line\u2028break.pdf', 'line break.pdf'],
  ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
  ['&lt;b&gt;.pdf', '&lt;b&gt;.pdf'],
  ['ends-with\\', 'ends-with\\'],
  ['http://autolink.example', 'http://autolink.example'],
];

export const RAW = HOSTILE.map(([raw]) => raw);
const SHOWN = new Map(HOSTILE);
export const shown = (raw: string): string => SHOWN.get(raw) ?? raw;

/** Six hostile names for the six documents, starting at `offset`; over all offsets every name fills every slot. */
export const hostileNames = (offset: number): string[] => SLOTS.map((_, i) => RAW[(offset + i) % RAW.length]);
/** Text inside the documents (facts, quotes, citations) starts elsewhere in the list, so it differs from the names. */
export const hostileTexts = (offset: number): string[] => RAW.map((_, i) => RAW[(offset + 7 + i) % RAW.length]);
