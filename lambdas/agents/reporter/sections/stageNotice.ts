import { inline, md, type Markdown } from '../markdown';

/**
 * One sentence for a section whose stage left no output: it failed, was skipped, or recorded nothing.
 * `what` names what is missing ("Defensibility Score"); the status text is escaped, as it may quote an error.
 */
export function stageNotice(stage: string, status: string | undefined, what: string): Markdown {
  if (status?.startsWith('failed:')) {
    return md`The ${inline(stage)} stage did not complete (${inline(status)}), so there is no ${inline(what)} to show. Review this part of the file manually.`;
  }
  if (status?.startsWith('skipped:')) {
    return md`The ${inline(stage)} stage was skipped (${inline(status.slice('skipped:'.length))}), so there is no ${inline(what)} to show.`;
  }
  return md`No ${inline(what)} was recorded by the ${inline(stage)} stage for this audit.`;
}
