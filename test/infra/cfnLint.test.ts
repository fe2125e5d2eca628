import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { synthCaseAuditStack } from './synthStack';

/** cfn-lint (AWS's CloudFormation linter, `pip install cfn-lint`) where the machine has it; docs/deploy.md says how to run it by hand. */
const cfnLint = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' }).status === 0;
const withCfnLint = cfnLint ? describe : describe.skip;

withCfnLint('the synthesized template, as cfn-lint reads it', () => {
  it.each([
    ['the defaults', {}],
    ['every option on', { allowedOrigins: ['https://portal.example-law.ca'], enableWaf: true, alarmEmail: 'it@example-law.ca', costTags: { 'cost-centre': 'immigration' }, caseDataRetentionDays: 1095 }],
  ])('has no error with %s', (_label, settings) => {
    const folder = mkdtempSync(join(tmpdir(), 'cfn-lint-'));
    try {
      const file = join(folder, 'template.json');
      writeFileSync(file, JSON.stringify(synthCaseAuditStack(settings).template.toJSON()));
      const run = spawnSync('cfn-lint', ['--format', 'parseable', file], { encoding: 'utf8' });
      const errors = run.stdout.split('\n').filter((line) => /:E\d{4}:/.test(line));
      expect(errors).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
