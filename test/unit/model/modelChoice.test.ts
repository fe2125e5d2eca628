import { describeModelChoice, InvalidModelChoice, openAiParts, parseModelChoice } from '../../../lambdas/core/model/modelChoice';

describe('model choice (--model)', () => {
  it('accepts none, bedrock and an OpenAI-compatible endpoint with a model', () => {
    expect(parseModelChoice('none')).toBe('none');
    expect(parseModelChoice('bedrock')).toBe('bedrock');
    const choice = parseModelChoice('openai:http://127.0.0.1:11434/v1/#llama3.1:8b');
    expect(openAiParts(choice as `openai:${string}`)).toEqual({ baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.1:8b' });
  });

  it.each([
    ['gpt', /model must be none, bedrock or openai:<baseUrl>#<model>/],
    ['openai:http://localhost:11434/v1', /"#<model>" part is missing/],
    ['openai:localhost#m', /"localhost" is not a URL/],
    ['openai:ftp://host/v1#m', /must start with http/],
    ['openai:https://user:secret@host/v1#m', /must not carry credentials; set CASE_AUDIT_OPENAI_API_KEY/],
    ['openai:https://host/v1#bad model', /is not a model name/],
  ])('refuses %s with a message saying what to write', (value, message) => {
    expect(() => parseModelChoice(value)).toThrow(InvalidModelChoice);
    expect(() => parseModelChoice(value)).toThrow(message);
  });

  it('names the choice for the report without any credential', () => {
    expect(describeModelChoice('none')).toBe('rules only');
    expect(describeModelChoice('bedrock')).toBe('rules and language model (Amazon Bedrock)');
    expect(describeModelChoice('openai:http://127.0.0.1:11434/v1#llama3.1')).toBe('rules and language model (llama3.1 at 127.0.0.1:11434, OpenAI-compatible)');
  });
});
