/**
 * `case-audit workflows` on its own: a small bundle (the workflow definitions and their schema) that
 * bin/case-audit.js runs for this command instead of the whole CLI, so listing six workflows costs
 * little more than starting Node.
 */
import { workflowsCommand } from './workflowsCommand';

// `case-audit workflows | head`: a reader that stops early is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});
process.exitCode = workflowsCommand();
