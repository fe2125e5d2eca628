/** Documents of the reading corpus (test/corpus/reading/<lang>/<item>/<file>), read as an audit reads them. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { CaseFacts } from '../../../lambdas/contracts/caseFacts';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const CORPUS = join(__dirname, '..', '..', 'corpus', 'reading');

/** The item's document, read as an audit reads it (text extracted, typed, read), with its text. */
export function readCorpusItem(item: string, file: string): { facts: CaseFacts; text: string } {
  const text = readFileSync(join(CORPUS, item, file), 'utf8');
  const doc: ExtractedDocument = { docId: 'd1', name: file, format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return { facts: readCaseFacts([doc]), text };
}

/** A corpus file as the audit extracts it: `x.pdf.txt` is the PDF `x.pdf`, its pages split at form feeds. */
export function extractedCorpusFile(item: string, file: string, docId = 'd1'): ExtractedDocument {
  const text = readFileSync(join(CORPUS, item, file), 'utf8');
  const pages = text.split('\f').map((t, i) => ({ page: i + 1, text: t }));
  const rendered = /\.(pdf|docx)\.txt$/.exec(file);
  return { docId, name: rendered ? file.replace(/\.txt$/, '') : file, format: rendered ? (rendered[1] as 'pdf' | 'docx') : 'text', status: 'ok', statusDetail: 'text read', pages, pageCount: pages.length };
}

/** Every document of an item, read together as one case file, with all their text. */
export function readCorpusFolder(item: string): { facts: CaseFacts; text: string } {
  const files = readdirSync(join(CORPUS, item)).filter((f) => f !== 'expected.json').sort();
  const docs = files.map((f, i) => extractedCorpusFile(item, f, `d${i + 1}`));
  return { facts: readCaseFacts(docs), text: docs.flatMap((d) => d.pages.map((p) => p.text)).join('\n') };
}
