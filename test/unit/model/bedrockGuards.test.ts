import { ConverseCommand, type ConverseCommandInput } from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { ModelRequestRejected } from '../../../lambdas/core/model/modelErrors';
import { fallbackOf, FALLBACK_DESCRIPTIONS } from '../../../lambdas/core/model/modelFallback';
import { readModelSettings } from '../../../lambdas/core/model/modelSettings';
import { AMPLE_BUDGET, ask, bedrockKit, toolAnswer, VALID_REVIEW } from './modelTestKit';

const GUARDRAIL = { CASE_AUDIT_BEDROCK_GUARDRAIL_ID: 'gr1a2b3c4d5e', CASE_AUDIT_BEDROCK_GUARDRAIL_VERSION: '3' };

describe('an Amazon Bedrock guardrail on every model call (aws-sdk-client-mock)', () => {
  it('sends the configured guardrail with each Converse request, its trace off', async () => {
    const kit = bedrockKit(GUARDRAIL);
    const mock = mockClient(kit.client);
    mock.on(ConverseCommand).resolves(toolAnswer(VALID_REVIEW));
    expect((await ask(kit.session())).value).toEqual(VALID_REVIEW);
    const input = mock.commandCalls(ConverseCommand)[0].args[0].input as ConverseCommandInput;
    expect(input.guardrailConfig).toEqual({ guardrailIdentifier: 'gr1a2b3c4d5e', guardrailVersion: '3', trace: 'disabled' });
  });

  it('sends none when no guardrail is configured', async () => {
    const kit = bedrockKit();
    const mock = mockClient(kit.client);
    mock.on(ConverseCommand).resolves(toolAnswer(VALID_REVIEW));
    await ask(kit.session());
    expect((mock.commandCalls(ConverseCommand)[0].args[0].input as ConverseCommandInput).guardrailConfig).toBeUndefined();
  });

  it('never takes the guardrail’s replacement message for an answer: the step falls back, the reason is the guardrail', async () => {
    const kit = bedrockKit(GUARDRAIL);
    const mock = mockClient(kit.client);
    mock.on(ConverseCommand).resolves({
      output: { message: { role: 'assistant', content: [{ text: 'Sorry, the model cannot answer this question.' }] } },
      stopReason: 'guardrail_intervened',
      usage: { inputTokens: 900, outputTokens: 12, totalTokens: 912 },
      metrics: { latencyMs: 5 },
    });
    const failure = await ask(kit.session({ budget: AMPLE_BUDGET })).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ModelRequestRejected);
    expect(fallbackOf(failure as ModelRequestRejected)).toEqual({ reason: 'guardrail-intervened' });
    expect(FALLBACK_DESCRIPTIONS['guardrail-intervened']).toBe('the Bedrock guardrail blocked the request or the answer');
    // Not retried: the same request meets the same guardrail.
    expect(mock.commandCalls(ConverseCommand)).toHaveLength(1);
  });

  it('refuses a guardrail id without its version, naming both settings', () => {
    expect(() => readModelSettings({ AWS_REGION: 'ca-central-1', CASE_AUDIT_BEDROCK_GUARDRAIL_ID: 'gr1a2b3c4d5e' })).toThrow(/CASE_AUDIT_BEDROCK_GUARDRAIL_ID and CASE_AUDIT_BEDROCK_GUARDRAIL_VERSION go together/);
    expect(() => readModelSettings({ AWS_REGION: 'ca-central-1', ...GUARDRAIL, CASE_AUDIT_BEDROCK_GUARDRAIL_VERSION: 'latest' })).toThrow(/CASE_AUDIT_BEDROCK_GUARDRAIL_VERSION is not valid \(a version number or DRAFT\)/);
  });
});

describe('the account-wide Bedrock governor around each call', () => {
  it('holds a slot of the call’s model while Bedrock answers, and gives it back', async () => {
    const events: string[] = [];
    const kit = bedrockKit({}, { slots: { acquire: async (key) => (events.push(`acquire ${key}`), async () => void events.push('release')) } });
    const mock = mockClient(kit.client);
    mock.on(ConverseCommand).callsFake(async () => (events.push('converse'), toolAnswer(VALID_REVIEW)));
    await ask(kit.session());
    expect(events).toEqual(['acquire bedrock:us.anthropic.claude-haiku-4-5-20251001-v1:0', 'converse', 'release']);
  });

  it('reads the limit and the table from the environment, and refuses a limit without the table', () => {
    expect(readModelSettings({ AWS_REGION: 'ca-central-1', CASE_AUDIT_MODEL_ACCOUNT_SLOTS: '8', TABLE_NAME: 'sessions' }).accountSlots).toEqual({ limit: 8, tableName: 'sessions' });
    expect(readModelSettings({ AWS_REGION: 'ca-central-1' }).accountSlots).toBeUndefined();
    expect(() => readModelSettings({ AWS_REGION: 'ca-central-1', CASE_AUDIT_MODEL_ACCOUNT_SLOTS: '8' })).toThrow(/TABLE_NAME is not set/);
  });
});
