import type { Template } from 'aws-cdk-lib/assertions';
import type { CaseAuditStack } from '../../lib/caseAuditStack';
import type { CaseAuditFunction } from '../../lib/compute/caseAuditFunction';
import { App, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { grantObjectAccess, InconsistentObjectAccess } from '../../lib/storage/s3Access';
import { WORKFLOW_TYPES } from '../../workflows/schema';
import { describeResource, permissionsOf, statementsOfRole, type Statement } from './iamStatements';
import { synthCaseAuditStack } from './synthStack';

type Resources = Record<string, { Type: string; Properties: Record<string, unknown> }>;

/** Actions AWS does not scope to resources, so they may (and must) name "*". */
const STAR_ONLY_ACTIONS = /^(textract:(DetectDocumentText|StartDocumentTextDetection|GetDocumentTextDetection)|xray:(PutTraceSegments|PutTelemetryRecords|GetSamplingRules|GetSamplingTargets)|logs:(CreateLogDelivery|DeleteLogDelivery|DescribeLogGroups|DescribeResourcePolicies|GetLogDelivery|ListLogDeliveries|PutResourcePolicy|UpdateLogDelivery))$/;

/** The default model, a cross-region inference profile: the profile here, and its model wherever the profile routes (only through it). */
const MODEL = [
  'arn:AWS::Partition:bedrock:*::foundation-model/anthropic.claude-haiku-4-5-20251001-v1:0',
  'arn:AWS::Partition:bedrock:AWS::Region:AWS::AccountId:inference-profile/us.anthropic.claude-haiku-4-5-20251001-v1:0',
];
const LOGS = { 'logs:CreateLogStream': ['OwnLogGroup'], 'logs:PutLogEvents': ['OwnLogGroup'] };
const XRAY = { 'xray:PutTelemetryRecords': ['*'], 'xray:PutTraceSegments': ['*'] };
const MODELS = { 'bedrock:InvokeModel': MODEL, 'bedrock:InvokeModelWithResponseStream': MODEL };
/** The data key, for reads only, and for writes (a data key is generated to encrypt); each through S3 or DynamoDB only (checked below). */
const KEY_READ = { 'kms:Decrypt': ['DataKey'], 'kms:DescribeKey': ['DataKey'] };
const KEY_WRITE = { ...KEY_READ, 'kms:GenerateDataKey': ['DataKey'] };
const SESSION_ITEM = { 'dynamodb:GetItem': ['Table'], 'dynamodb:PutItem': ['Table'], ...KEY_WRITE };
const WORKING_OBJECTS = { 's3:GetObject': ['Bucket/sessions/*'], 's3:PutObject': ['Bucket/sessions/*'], 's3:ListBucket': ['Bucket'] };
/** The s3:prefix values a role may list: the key names it reads (so a missing object reads as 404), and the folders it lists. */
const WORKING_KEYS = ['sessions/*'];
const CASE_DOCUMENTS = 'cases/*/*/documents/*';
const START_AUDIT = {
  ...SESSION_ITEM,
  's3:GetObject': ['Bucket/cases/*'],
  's3:PutObject': ['Bucket/sessions/*'],
  's3:ListBucket': ['Bucket'],
  'states:StartExecution': WORKFLOW_TYPES.map((t) => `StateMachine:${t}`).sort(),
};

describe('IAM: every role has exactly what it needs', () => {
  let template: Template;
  let stack: CaseAuditStack;
  let resources: Resources;
  let names: Map<string, string>;

  beforeAll(() => {
    ({ template, stack } = synthCaseAuditStack());
    resources = template.toJSON().Resources as Resources;
    const id = (c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as never);
    names = new Map([
      [id(stack.storage.bucket), 'Bucket'],
      [id(stack.sessions.table), 'Table'],
      [id(stack.dataKey.key as never), 'DataKey'],
    ]);
    for (const [type, machine] of stack.workflows.machines) names.set(id(machine), `StateMachine:${type}`);
  });

  /** Resources rendered with readable names: `Bucket/cases/*`, `Table/index/byOwner`, `OwnLogGroup`. */
  const permissions = (fn: CaseAuditFunction): Record<string, string[]> => {
    const logGroup = stack.getLogicalId(fn.logGroup.node.defaultChild as never);
    const describe = (r: unknown) =>
      describeResource(r)
        .replace(`${logGroup}.Arn`, 'OwnLogGroup')
        .replace(/^(\w+)(\.Arn)?/, (whole, logicalId: string) => names.get(logicalId) ?? whole);
    return permissionsOf(statementsOfRole(template, stack.getLogicalId(fn.role.node.defaultChild as never)), describe);
  };
  /** The key names the function may list: the s3:prefix values of its ListBucket statements, each of which must have them. */
  const listable = (fn: CaseAuditFunction): string[] => {
    const statements = statementsOfRole(template, stack.getLogicalId(fn.role.node.defaultChild as never)).filter((st) => st.actions.includes('s3:ListBucket'));
    return statements
      .flatMap((st) => {
        expect(st.actions).toEqual(['s3:ListBucket']);
        expect(Object.keys(st.conditions ?? {})).toEqual(['StringLike']);
        const prefixes = (st.conditions as { StringLike: Record<string, string | string[]> }).StringLike['s3:prefix'];
        return ([] as string[]).concat(prefixes);
      })
      .sort();
  };
  const agent = (key: string) => {
    const fn = stack.agents.functions.get(key);
    if (!fn) throw new Error(`no agent function ${key}`);
    return fn;
  };
  const route = (name: 'createAudit' | 'listAudits' | 'getAudit' | 'getReport' | 'reviewAudit' | 'createUploads') => {
    const fn = stack.api.functions.get(name);
    if (!fn) throw new Error(`no API function ${name}`);
    return fn;
  };

  it('lets Intake read the pinned case documents (any version) and its audit’s working objects, and call the configured model', () => {
    expect(permissions(agent('Intake'))).toEqual({
      ...LOGS,
      ...XRAY,
      ...SESSION_ITEM,
      's3:GetObject': ['Bucket/cases/*', 'Bucket/sessions/*'],
      // Pinned documents are read by version; its working objects never are.
      's3:GetObjectVersion': ['Bucket/cases/*'],
      's3:PutObject': ['Bucket/sessions/*'],
      's3:ListBucket': ['Bucket'],
      ...MODELS,
    });
    expect(listable(agent('Intake'))).toEqual([CASE_DOCUMENTS, 'sessions/*']);
  });

  it('with ocr textract, lets Intake alone detect text with Textract, which reads the documents with Intake’s S3 and KMS permissions', () => {
    const textract = synthCaseAuditStack({ ocr: 'textract' });
    const roleStatements = (fn: CaseAuditFunction) => statementsOfRole(textract.template, textract.stack.getLogicalId(fn.role.node.defaultChild as never));
    const intake = roleStatements(textract.stack.agents.functions.get('Intake')!);
    const detection = Object.entries(permissionsOf(intake, describeResource)).filter(([action]) => action.startsWith('textract:'));
    expect(Object.fromEntries(detection)).toEqual({ 'textract:DetectDocumentText': ['*'], 'textract:StartDocumentTextDetection': ['*'], 'textract:GetDocumentTextDetection': ['*'] });
    // Textract reads S3 as Intake: GetObject on the case documents, and Decrypt on the bucket's key through S3.
    expect(intake.some((st) => st.actions.includes('s3:GetObject') && JSON.stringify(st.resources).includes('/cases/*'))).toBe(true);
    const keyReads = intake.filter((st) => st.actions.includes('kms:Decrypt') && JSON.stringify(st.conditions ?? {}).includes('"s3.'));
    expect(keyReads.length).toBeGreaterThan(0);
    const env = (textract.template.toJSON().Resources as Resources)[textract.stack.getLogicalId(textract.stack.agents.functions.get('Intake')!.fn.node.defaultChild as never)].Properties as { Environment: { Variables: Record<string, string> } };
    expect(env.Environment.Variables.CASE_AUDIT_OCR).toBe('textract');
    for (const [key, fn] of textract.stack.agents.functions) {
      if (key === 'Intake') continue;
      expect(roleStatements(fn).flatMap((st) => st.actions).filter((a) => a.startsWith('textract:'))).toEqual([]);
    }
    // Off by default: no Textract permission at all, and Intake told so.
    expect(permissions(agent('Intake'))).not.toHaveProperty('textract:DetectDocumentText');
  });

  it.each(['Detective', 'Strategist', 'Gatekeeper', 'Verifier', 'Judge'])('limits %s to its session item, its audit’s working objects and the configured model', (key) => {
    expect(permissions(agent(key))).toEqual({ ...LOGS, ...XRAY, ...SESSION_ITEM, ...WORKING_OBJECTS, ...MODELS });
    expect(listable(agent(key))).toEqual(WORKING_KEYS);
  });

  it('lets only the Reporter write reports and read the transparency log', () => {
    expect(permissions(agent('Reporter'))).toEqual({
      ...LOGS,
      ...XRAY,
      ...SESSION_ITEM,
      'dynamodb:Query': ['Table'],
      's3:GetObject': ['Bucket/reports/*', 'Bucket/sessions/*'],
      's3:PutObject': ['Bucket/reports/*', 'Bucket/sessions/*'],
      's3:ListBucket': ['Bucket'],
      ...MODELS,
    });
    expect(listable(agent('Reporter'))).toEqual(['reports/*', 'sessions/*']);
  });

  it('limits the review step to the session item and reading working objects (no model)', () => {
    expect(permissions(agent('Review'))).toEqual({ ...LOGS, ...XRAY, ...SESSION_ITEM, 's3:GetObject': ['Bucket/sessions/*'], 's3:ListBucket': ['Bucket'] });
    expect(listable(agent('Review'))).toEqual(WORKING_KEYS);
  });

  it('limits the failure recorder to the session item and working objects (no model)', () => {
    expect(permissions(agent('RecordFailure'))).toEqual({ ...LOGS, ...XRAY, ...SESSION_ITEM, ...WORKING_OBJECTS });
    expect(listable(agent('RecordFailure'))).toEqual(WORKING_KEYS);
  });

  it('lets the start-audit trigger read the uploaded audit.json by version, pin documents, create the session, move the upload record and start any workflow', () => {
    const trigger = permissions(stack.trigger.startAudit);
    const { 'sqs:ReceiveMessage': receive, 'sqs:DeleteMessage': del, 'sqs:ChangeMessageVisibility': visibility, 'sqs:GetQueueAttributes': attrs, 'sqs:GetQueueUrl': url, ...rest } = trigger;
    for (const queueAction of [receive, del, visibility, attrs, url]) expect(queueAction).toEqual([stack.getLogicalId(stack.trigger.queue.node.defaultChild as never) + '.Arn']);
    // An object-created event names the version of audit.json; S3 authorises that read as GetObjectVersion.
    expect(rest).toEqual({ ...LOGS, ...XRAY, ...START_AUDIT, 's3:GetObjectVersion': ['Bucket/cases/*'], 'dynamodb:UpdateItem': ['Table'] });
    expect(listable(stack.trigger.startAudit)).toEqual(['cases/*/*/audit.json', CASE_DOCUMENTS]);
  });

  it('gives each API route only its own permissions', () => {
    expect(permissions(route('createAudit'))).toEqual({ ...LOGS, ...XRAY, ...START_AUDIT });
    expect(listable(route('createAudit'))).toEqual([CASE_DOCUMENTS]);
    // Its own audits by the owner index; the reviewers' queue by a Query of its partition and each session's item.
    expect(permissions(route('listAudits'))).toEqual({ ...LOGS, ...XRAY, 'dynamodb:Query': ['Table', 'Table/index/byOwner'], 'dynamodb:GetItem': ['Table'], ...KEY_READ });
    // A review decision: the session item (and spilled outputs), and the waiting Task of the six machines' executions.
    const machines = [...WORKFLOW_TYPES].map((t) => `StateMachine:${t}`).sort();
    expect(permissions(route('reviewAudit'))).toEqual({
      ...LOGS,
      ...XRAY,
      ...SESSION_ITEM,
      ...WORKING_OBJECTS,
      'states:SendTaskSuccess': machines,
      'states:SendTaskFailure': machines,
    });
    expect(listable(route('reviewAudit'))).toEqual(WORKING_KEYS);
    expect(permissions(route('getAudit'))).toEqual({ ...LOGS, ...XRAY, 'dynamodb:GetItem': ['Table'], 's3:GetObject': ['Bucket/sessions/*'], 's3:ListBucket': ['Bucket'], ...KEY_READ });
    expect(listable(route('getAudit'))).toEqual(WORKING_KEYS);
    expect(permissions(route('getReport'))).toEqual({
      ...LOGS,
      ...XRAY,
      'dynamodb:GetItem': ['Table'],
      's3:GetObject': ['Bucket/reports/*', 'Bucket/sessions/*'],
      's3:ListBucket': ['Bucket'],
      ...KEY_READ,
    });
    expect(listable(route('getReport'))).toEqual(['reports/*', 'sessions/*']);
    // Upload URLs are signed for cases/<caller>/…: the role can write there and nothing else.
    expect(permissions(route('createUploads'))).toEqual({ ...LOGS, ...XRAY, 's3:PutObject': ['Bucket/cases/*'], ...KEY_WRITE });
  });

  it('lets roles use the data key only through the service that holds the data (kms:ViaService), except SQS consumers', () => {
    let keyStatements = 0;
    for (const r of Object.values(resources)) {
      if (r.Type !== 'AWS::IAM::Policy' && r.Type !== 'AWS::IAM::ManagedPolicy') continue;
      const doc = r.Properties.PolicyDocument as { Statement: Array<{ Action: string | string[]; Condition?: Record<string, Record<string, unknown>> }> };
      for (const st of doc.Statement) {
        const actions = ([] as string[]).concat(st.Action);
        if (!actions.some((a) => a.startsWith('kms:'))) continue;
        keyStatements++;
        // The trigger's queue event source decrypts messages it receives from SQS (the grant CDK makes for it).
        if (actions.length === 1 && actions[0] === 'kms:Decrypt' && !st.Condition) continue;
        expect(JSON.stringify(st.Condition?.StringEquals?.['kms:ViaService'])).toMatch(/"(s3|dynamodb)\.",\{"Ref":"AWS::Region"\},"\.amazonaws\.com"/);
      }
    }
    expect(keyStatements).toBeGreaterThan(14);
  });

  it('uses "*" resources only for actions AWS does not scope, and no wildcard actions anywhere', () => {
    const statements: Statement[] = [];
    for (const r of Object.values(resources)) {
      if (r.Type !== 'AWS::IAM::Policy' && r.Type !== 'AWS::IAM::ManagedPolicy') continue;
      const doc = r.Properties.PolicyDocument as { Statement: Array<{ Action: string | string[]; Resource: unknown }> };
      for (const s of doc.Statement) statements.push({ actions: ([] as string[]).concat(s.Action), resources: ([] as unknown[]).concat(s.Resource) });
    }
    expect(statements.length).toBeGreaterThan(20);
    for (const s of statements) {
      for (const action of s.actions) expect(action).not.toMatch(/(^\*$|:\*$)/);
      if (s.resources.includes('*')) for (const action of s.actions) expect(action).toMatch(STAR_ONLY_ACTIONS);
    }
  });

  it('never lets a role list the bucket without an s3:prefix condition', () => {
    let listings = 0;
    for (const r of Object.values(resources)) {
      if (r.Type !== 'AWS::IAM::Policy' && r.Type !== 'AWS::IAM::ManagedPolicy') continue;
      const doc = r.Properties.PolicyDocument as { Statement: Array<{ Action: string | string[]; Condition?: Record<string, Record<string, unknown>> }> };
      for (const s of doc.Statement) {
        if (!([] as string[]).concat(s.Action).some((a) => a.startsWith('s3:List'))) continue;
        listings++;
        expect(s.Condition?.StringLike?.['s3:prefix']).toBeDefined();
      }
    }
    // Every agent function (seven agents, the review step, the failure recorder), the trigger, four API routes and the uploaders' group.
    expect(listings).toBe(9 + 1 + 4 + 1);
  });

  it('attaches no AWS managed policy but API Gateway’s documented logging policy', () => {
    const managed = Object.values(resources)
      .filter((r) => r.Type === 'AWS::IAM::Role')
      .flatMap((r) => (r.Properties.ManagedPolicyArns as unknown[] | undefined) ?? [])
      .map((arn) => describeResource(arn));
    expect(managed).toEqual(['arn:AWS::Partition:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs']);
  });

  it('never lets a service role delete objects or items, or scan the table', () => {
    for (const r of Object.values(resources)) {
      if (r.Type !== 'AWS::IAM::Policy') continue;
      const doc = r.Properties.PolicyDocument as { Statement: Array<{ Action: string | string[] }> };
      for (const s of doc.Statement) for (const a of ([] as string[]).concat(s.Action)) expect(a).not.toMatch(/^(s3:Delete|dynamodb:(DeleteItem|Scan|BatchWriteItem|DeleteTable))/);
    }
  });

  it('lets uploaders (IAM users, roles, SSO and federated sessions) touch only their own cases/iam/<aws:userid>/ and reports/iam/<aws:userid>/', () => {
    const policy = resources[stack.getLogicalId(stack.uploaders.policy.node.defaultChild as never)];
    const statements = (policy.Properties.PolicyDocument as { Statement: Array<{ Action: string | string[]; Resource: unknown; Condition?: unknown }> }).Statement;
    const rendered = statements.map((s) => ({ actions: ([] as string[]).concat(s.Action).sort(), resources: ([] as unknown[]).concat(s.Resource).map(describeResource), condition: s.Condition }));
    const bucket = stack.getLogicalId(stack.storage.bucket.node.defaultChild as never);
    expect(rendered.filter((r) => !r.actions[0].startsWith('kms:'))).toEqual([
      { actions: ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'], resources: [`${bucket}.Arn/cases/iam/\${aws:userid}/*`], condition: undefined },
      { actions: ['s3:GetObject'], resources: [`${bucket}.Arn/reports/iam/\${aws:userid}/*`], condition: undefined },
      {
        actions: ['s3:ListBucket'],
        resources: [`${bucket}.Arn`],
        condition: { StringLike: { 's3:prefix': ['cases/iam/${aws:userid}/*', 'reports/iam/${aws:userid}/*', 'cases/iam/${aws:userid}/', 'reports/iam/${aws:userid}/'] } },
      },
    ]);
    // Objects in the bucket are encrypted with the data key: uploading and reading them uses it, through S3 only.
    expect(rendered.filter((r) => r.actions[0].startsWith('kms:'))).toEqual([
      { actions: ['kms:Decrypt', 'kms:GenerateDataKey'], resources: [`${stack.getLogicalId(stack.dataKey.key.node.defaultChild as never)}.Arn`], condition: { StringEquals: { 'kms:ViaService': expect.anything() } } },
    ]);
  });

  it('denies a principal tagged as an uploader every object outside its own folders, in the bucket policy, whatever its identity policies allow', () => {
    const bucketPolicy = Object.values(resources).find((r) => r.Type === 'AWS::S3::BucketPolicy' && describeResource((r.Properties as { Bucket: unknown }).Bucket) === stack.getLogicalId(stack.storage.bucket.node.defaultChild as never))!;
    const statements = (bucketPolicy.Properties.PolicyDocument as { Statement: Array<Record<string, unknown>> }).Statement;
    const deny = statements.find((st) => st.Sid === 'UploadersOnlyInTheirOwnFolders')!;
    expect(deny).toMatchObject({ Effect: 'Deny', Principal: { AWS: '*' }, Condition: { StringEquals: { 'aws:PrincipalTag/case-audit-uploader': 'true' } } });
    expect(([] as unknown[]).concat(deny.NotResource).map(describeResource).map((r) => r.replace(/^\w+\.Arn/, 'Bucket'))).toEqual(['Bucket/cases/iam/${aws:userid}/*', 'Bucket/reports/iam/${aws:userid}/*']);
    expect(deny.Action).toEqual(expect.arrayContaining(['s3:PutObject', 's3:GetObject', 's3:DeleteObject']));
  });

  it('refuses to grant listing, or version reads, under a prefix the role does not read', () => {
    const scope = new Stack(new App(), 'Grants');
    const bucket = new s3.Bucket(scope, 'Bucket');
    const role = new iam.Role(scope, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    expect(() => grantObjectAccess(role, bucket, { read: ['sessions/'], list: ['reports/*'] })).toThrow(InconsistentObjectAccess);
    expect(() => grantObjectAccess(role, bucket, { read: ['sessions/'], readVersions: ['cases/'] })).toThrow(/earlier versions of cases\//);
  });
});
