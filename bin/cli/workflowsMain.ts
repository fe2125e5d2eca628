/**
 * `case-audit workflows` on its own: a small bundle (the workflow definitions and their schema) that
 * bin/case-audit.js runs for this command instead of the whole CLI, so listing six workflows costs
 * little more than starting Node.
 *
 * The listing is written straight to file descriptor 1: the first use of `process.stdout` loads
 * Node's stream modules, which took longer than everything else this command does.
 */
import { writeSync } from 'node:fs';
import { EXIT } from '../../local/run/exitCodes';
import { workflowsListing } from './workflowsCommand';

/** Writes all of `text` to standard output; false when the reader has gone (`case-audit workflows | head`). */
function writeOut(text: string): boolean {
  let bytes = Buffer.from(text, 'utf8');
  while (bytes.length) {
    try {
      bytes = bytes.subarray(writeSync(1, bytes));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') return false;
      if (code !== 'EAGAIN') throw error;
    }
  }
  return true;
}

writeOut(workflowsListing());
process.exitCode = EXIT.ok;
