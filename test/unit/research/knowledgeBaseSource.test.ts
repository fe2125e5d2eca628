import { BedrockAgentRuntimeClient, RetrieveCommand, ThrottlingException } from '@aws-sdk/client-bedrock-agent-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { createKnowledgeBaseSource } from '../../../lambdas/core/research/knowledgeBaseSource';
import { ResearchBudget, withBudget } from '../../../lambdas/core/research/researchBudget';
import {
  ResearchSourceInvalidResponse,
  ResearchSourceMisconfigured,
  ResearchSourceThrottled,
  ResearchSourceUnavailable,
} from '../../../lambdas/core/research/researchErrors';
import { ResearchHit } from '../../../lambdas/contracts/detectiveOutput';

const KB_ID = 'KB12345678';

describe('Bedrock Knowledge Base research source', () => {
  const bedrock = mockClient(BedrockAgentRuntimeClient);
  const client = new BedrockAgentRuntimeClient({ region: 'ca-central-1', credentials: { accessKeyId: 'x', secretAccessKey: 'y' } });

  beforeEach(() => bedrock.reset());
  afterAll(() => bedrock.restore());

  it('sends one Retrieve request with the knowledge base id, the query text and the number of results', async () => {
    bedrock.on(RetrieveCommand).resolves({ retrievalResults: [] });
    await createKnowledgeBaseSource({ client, knowledgeBaseId: KB_ID, numberOfResults: 5 }).search({ text: 'proof of funds for a study permit' });

    const calls = bedrock.commandCalls(RetrieveCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0].args[0].input).toEqual({
      knowledgeBaseId: KB_ID,
      retrievalQuery: { text: 'proof of funds for a study permit' },
      retrievalConfiguration: { vectorSearchConfiguration: { numberOfResults: 5 } },
    });
  });

  it('asks for the query limit plus the excluded citations, so that enough remain after excluding them', async () => {
    bedrock.on(RetrieveCommand).resolves({ retrievalResults: [] });
    await createKnowledgeBaseSource({ client, knowledgeBaseId: KB_ID }).search({ text: 'q', limit: 3, exclude: ['2019 SCC 65'] });
    expect(bedrock.commandCalls(RetrieveCommand)[0].args[0].input.retrievalConfiguration).toEqual({
      vectorSearchConfiguration: { numberOfResults: 4 },
    });
  });

  it('maps text, location, citation/name/kind metadata and score; a chunk without a citation is a policy passage cited by its location', async () => {
    bedrock.on(RetrieveCommand).resolves({
      retrievalResults: [
        {
          content: { type: 'TEXT', text: 'Reasonableness is the presumptive standard of review.' },
          location: { type: 'S3', s3Location: { uri: 's3://caselaw/scc/2019scc65.txt' } },
          metadata: { citation: '2019 SCC 65', name: 'Canada (MCI) v. Vavilov', kind: 'case', topics: ['standard-of-review'] },
          score: 0.82,
        },
        {
          content: { type: 'TEXT', text: 'Officers assess whether the applicant has sufficient funds for tuition and living costs.' },
          location: { type: 'WEB', webLocation: { url: 'https://www.canada.ca/en/immigration-refugees-citizenship/study-permits/funds.html' } },
          metadata: { 'x-amz-bedrock-kb-source-uri': 'https://www.canada.ca/…' },
          score: 0.91,
        },
        {
          content: { type: 'TEXT', text: 'A study permit is issued only where the applicant will leave at the end of the stay.' },
          location: { type: 'S3', s3Location: { uri: 's3://statutes/irpr-216.txt' } },
          metadata: { citation: 'IRPR 216(1)(b)', name: 42 },
          score: 0.7,
        },
      ],
    });
    const hits = await createKnowledgeBaseSource({ client, knowledgeBaseId: KB_ID }).search({ text: 'q' });

    expect(hits).toEqual([
      {
        kind: 'policy',
        citation: 'https://www.canada.ca/en/immigration-refugees-citizenship/study-permits/funds.html',
        summary: 'Officers assess whether the applicant has sufficient funds for tuition and living costs.',
        topics: [],
        score: 0.91,
        source: 'bedrock-kb',
        status: 'unknown',
        url: 'https://www.canada.ca/en/immigration-refugees-citizenship/study-permits/funds.html',
      },
      {
        kind: 'case',
        citation: '2019 SCC 65',
        name: 'Canada (MCI) v. Vavilov',
        summary: 'Reasonableness is the presumptive standard of review.',
        topics: ['standard-of-review'],
        score: 0.82,
        source: 'bedrock-kb',
        status: 'unknown',
        url: 's3://caselaw/scc/2019scc65.txt',
      },
      {
        kind: 'provision',
        citation: 'IRPR 216(1)(b)',
        summary: 'A study permit is issued only where the applicant will leave at the end of the stay.',
        topics: [],
        score: 0.7,
        source: 'bedrock-kb',
        status: 'unknown',
        url: 's3://statutes/irpr-216.txt',
      },
    ]);
    for (const hit of hits) expect(ResearchHit.parse(hit)).toEqual(hit);
  });

  it('drops chunks with no text or nothing to cite them by, and honours the kinds asked for', async () => {
    bedrock.on(RetrieveCommand).resolves({
      retrievalResults: [
        { content: { type: 'TEXT', text: '   ' }, metadata: { citation: '2015 SCC 61' }, score: 0.9 },
        { content: { type: 'TEXT', text: 'An orphan chunk.' }, score: 0.8 },
        { content: { type: 'TEXT', text: 'Program delivery instructions on funds.' }, location: { type: 'WEB', webLocation: { url: 'https://example.test/pdi' } }, score: 0.5 },
        { content: { type: 'TEXT', text: 'Baker sets the duty of fairness factors.' }, metadata: { citation: '[1999] 2 SCR 817' }, score: 0.6 },
      ],
    });
    const source = createKnowledgeBaseSource({ client, knowledgeBaseId: KB_ID });
    expect((await source.search({ text: 'q' })).map((h) => h.citation)).toEqual(['[1999] 2 SCR 817', 'https://example.test/pdi']);
    expect((await source.search({ text: 'q', kinds: ['policy'] })).map((h) => h.citation)).toEqual(['https://example.test/pdi']);
  });

  it('raises ResearchSourceThrottled when Bedrock throttles the retrieval', async () => {
    bedrock.on(RetrieveCommand).rejects(new ThrottlingException({ message: 'Rate exceeded', $metadata: {} }));
    const search = createKnowledgeBaseSource({ client, knowledgeBaseId: KB_ID }).search({ text: 'q' });
    await expect(search).rejects.toBeInstanceOf(ResearchSourceThrottled);
    await expect(search).rejects.toMatchObject({ source: 'bedrock-kb', message: expect.stringContaining('try again later') });
  });

  it('raises ResearchSourceUnavailable for other service errors and ResearchSourceInvalidResponse without a result list', async () => {
    const source = createKnowledgeBaseSource({ client, knowledgeBaseId: KB_ID });
    bedrock.on(RetrieveCommand).rejectsOnce(Object.assign(new Error('no such knowledge base'), { name: 'ResourceNotFoundException' }));
    await expect(source.search({ text: 'q' })).rejects.toThrow(ResearchSourceUnavailable);
    bedrock.on(RetrieveCommand).resolves({} as never);
    await expect(source.search({ text: 'q' })).rejects.toThrow(ResearchSourceInvalidResponse);
  });

  it('counts each retrieval against the research budget', async () => {
    bedrock.on(RetrieveCommand).resolves({ retrievalResults: [] });
    const budget = new ResearchBudget(1);
    const source = withBudget(createKnowledgeBaseSource({ client, knowledgeBaseId: KB_ID }), budget);
    await source.search({ text: 'q' });
    await expect(source.search({ text: 'q' })).rejects.toThrow(/budget of 1 is spent/);
    expect(bedrock.commandCalls(RetrieveCommand)).toHaveLength(1);
  });

  it('rejects a malformed knowledge base id, naming the setting', () => {
    expect(() => createKnowledgeBaseSource({ client, knowledgeBaseId: 'kb' })).toThrow(ResearchSourceMisconfigured);
    expect(() => createKnowledgeBaseSource({ client, knowledgeBaseId: 'kb' })).toThrow(/knowledgeBaseId must be a 10-character/);
  });
});
