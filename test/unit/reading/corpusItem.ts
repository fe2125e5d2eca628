/** A document of the reading corpus (test/corpus/reading/<lang>/<item>/<file>), read as an audit reads it. */
import { readFileSync } from 'node:fs';
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
