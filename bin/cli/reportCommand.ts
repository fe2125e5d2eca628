import { readAuditSettings } from '../../lambdas/core/settings/auditSettings';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { reporterAgent } from '../../lambdas/agents/reporter/reporterAgent';
import type { AgentContext } from '../../lambdas/core/stage/stageContract';
import { getTiers, getWorkflow } from '../../workflows/registry';
import { EXIT, UsageError } from '../../local/run/exitCodes';
import { getLocalSession, withStorage } from '../../local/run/localData';
import { prepareOutputFolder } from '../../local/run/outputFolder';

const FORMATS = { md: 'markdown', pdf: 'pdf', json: 'bundle' } as const;
type Format = keyof typeof FORMATS;

function formatsOf(value: string | undefined): Format[] {
  if (value === undefined) return ['md', 'pdf', 'json'];
  if (value in FORMATS) return [value as Format];
  throw new UsageError(`--format must be md, pdf or json, not '${value}'`);
}

/**
 * `case-audit report <auditId> [--format md|pdf|json] [--out DIR]`: renders a finished audit's
 * report again from its stored state (the stage outputs on the session; nothing is re-run, no
 * document is read again) and writes the requested files to the output folder, one path per line.
 */
export async function reportCommand(auditId: string, flags: { format?: string; out?: string; json?: boolean }): Promise<number> {
  const formats = formatsOf(flags.format);
  if (flags.out !== undefined) prepareOutputFolder(flags.out);
  return withStorage(async (emulators) => {
    const session = await getLocalSession(emulators, auditId);
    if (session.status !== 'SUCCEEDED' && session.status !== 'INCOMPLETE' && session.status !== 'REVIEW_EXPIRED') {
      throw new UsageError(`audit ${auditId} is ${session.status}: only a finished audit has a report to render (see case-audit status ${auditId})`);
    }
    const workflow = getWorkflow(session.workflowType);
    const stage = workflow.stages.find((s) => s.agent === 'reporter');
    if (!stage) throw new UsageError(`the ${workflow.type} workflow has no reporter stage`);
    const ctx: AgentContext = {
      session,
      workflow,
      stage,
      tierFeatures: getTiers()[session.tier],
      store: emulators.store,
      blobs: emulators.blobs,
      now: () => new Date(),
      settings: readAuditSettings({}),
      outputOf: (id) => emulators.store.readOutput(session, id),
    };
    const { output } = await reporterAgent.run(ctx);
    const dir = resolve(prepareOutputFolder(flags.out ?? join('case-audit-reports', session.caseId)));
    mkdirSync(dir, { recursive: true });
    const written: Record<string, string> = {};
    for (const format of formats) {
      const key = output.reports[FORMATS[format]];
      if (!key) throw new UsageError(`the ${format} report could not be rendered for audit ${auditId}; see its stage status`);
      const file = join(dir, key.slice(key.lastIndexOf('/') + 1));
      writeFileSync(file, await emulators.blobs.get(key));
      written[format] = file;
    }
    process.stdout.write(flags.json ? `${JSON.stringify({ auditId, reports: written }, null, 2)}\n` : `${Object.values(written).join('\n')}\n`);
    return EXIT.ok;
  });
}
