import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadWorkflowFile, loadTierFile, WorkflowDefinitionError } from '../../../workflows/loadWorkflow';
import { getTiers, getWorkflow } from '../../../workflows/registry';
import { WORKFLOW_TYPES } from '../../../workflows/schema';

const dir = mkdtempSync(join(tmpdir(), 'workflows-'));
function write(name: string, content: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

const valid = () => JSON.parse(JSON.stringify(getWorkflow('risk-audit')));

function expectProblem(file: string, ...fragments: string[]) {
  let error: unknown;
  try {
    loadWorkflowFile(file);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(WorkflowDefinitionError);
  const message = (error as Error).message;
  expect(message).toContain(file);
  for (const f of fragments) expect(message).toContain(f);
}

describe('workflow definitions', () => {
  it.each(WORKFLOW_TYPES)('loads the %s definition from workflows/', (type) => {
    const def = loadWorkflowFile(join(__dirname, '../../../workflows', `${type}.json`));
    expect(def.type).toBe(type);
    expect(def.stages[0].id).toBe('intake');
    expect(def.stages.at(-1)!.id).toBe('reporter');
  });

  it('follows DESIGN §2: the verifier loops back to the detective at most guest 1, pro 2, ultra 3 times', () => {
    for (const type of ['risk-audit', 'initial-assessment', 'final-review', 'refusal-analysis'] as const) {
      const verifier = getWorkflow(type).stages.find((s) => s.agent === 'verifier');
      expect(verifier?.loop).toEqual({ back_to: 'detective', when: 'citations-failed', max_iterations: { guest: 1, pro: 2, ultra: 3 } });
    }
    expect(getWorkflow('document-list').stages.map((s) => s.id)).toEqual(['intake', 'gatekeeper', 'reporter']);
    expect(getWorkflow('client-guidance').stages.map((s) => s.id)).toEqual(['intake', 'reporter']);
  });

  it('rejects an unknown agent and names the stage', () => {
    const def = valid();
    def.stages[1].agent = 'sleuth';
    expectProblem(write('risk-audit.json', def), "stage 'detective'", "field 'agent'");
  });

  it('rejects a dependency on an unknown stage', () => {
    const def = valid();
    def.stages[2].depends_on = ['detectve'];
    expectProblem(write('risk-audit.json', def), "stage 'strategist' depends on unknown stage 'detectve'");
  });

  it('rejects a dependency cycle and names the stages in it', () => {
    const def = valid();
    def.stages[1].depends_on = ['gatekeeper'];
    expectProblem(write('risk-audit.json', def), 'dependency cycle', "'detective'", "'strategist'", "'gatekeeper'");
  });

  it('rejects duplicate stages', () => {
    const def = valid();
    def.stages.push({ ...def.stages[1] });
    expectProblem(write('risk-audit.json', def), "duplicate stage 'detective'");
  });

  it('rejects a loop back to a stage the loop stage does not depend on', () => {
    const def = valid();
    def.stages[4].loop.back_to = 'reporter';
    expectProblem(write('risk-audit.json', def), "stage 'verifier' loops back to 'reporter', which it does not depend on");
  });

  it('rejects a file whose type does not match its name, and invalid JSON', () => {
    expectProblem(write('document-list.json', valid()), "field 'type' is 'risk-audit' but the file is named for 'document-list'");
    expectProblem(write('broken.json', '{"type": "risk-audit",'), 'is not valid JSON');
  });

  it('loads the tier table and rejects a malformed one, naming the field', () => {
    expect(getTiers().pro).toMatchObject({ maxCitations: 10, maxResearchCalls: 6, similarCases: true, deepResearch: false });
    const tiers = JSON.parse(JSON.stringify(getTiers()));
    tiers.guest.maxCitations = -1;
    expect(() => loadTierFile(write('tiers.json', tiers))).toThrow(/tiers\.json: field 'guest\.maxCitations'/);
  });
});
