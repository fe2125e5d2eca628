import type { Template } from 'aws-cdk-lib/assertions';

type Json = unknown;
type Resources = Record<string, { Type: string; Properties?: Record<string, Json> }>;

export interface Statement {
  actions: string[];
  resources: Json[];
  conditions?: Json;
}

const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** Every Allow statement of the inline policies attached to the role with this logical id. */
export function statementsOfRole(template: Template, roleLogicalId: string): Statement[] {
  const resources = template.toJSON().Resources as Resources;
  const statements: Statement[] = [];
  for (const resource of Object.values(resources)) {
    if (resource.Type !== 'AWS::IAM::Policy') continue;
    const roles = asArray(resource.Properties?.Roles as Json[]);
    if (!roles.some((r) => JSON.stringify(r) === JSON.stringify({ Ref: roleLogicalId }))) continue;
    const doc = resource.Properties?.PolicyDocument as { Statement: Array<{ Effect: string; Action: string | string[]; Resource: Json; Condition?: Json }> };
    for (const s of doc.Statement) {
      if (s.Effect !== 'Allow') continue;
      statements.push({ actions: asArray(s.Action), resources: asArray(s.Resource), ...(s.Condition ? { conditions: s.Condition } : {}) });
    }
  }
  return statements;
}

/** The role logical id a Lambda function or state machine runs as. */
export function roleOf(template: Template, logicalId: string): string {
  const resources = template.toJSON().Resources as Resources;
  const props = resources[logicalId]?.Properties ?? {};
  const role = (props.Role ?? props.RoleArn) as { 'Fn::GetAtt': [string, string] } | undefined;
  if (!role?.['Fn::GetAtt']) throw new Error(`${logicalId} has no role reference`);
  return role['Fn::GetAtt'][0];
}

/** `{ "s3:GetObject": ["<Bucket>/cases/*", …], … }`: each action with the resources it is allowed on, readable. */
export function permissionsOf(statements: Statement[], describe: (resource: Json) => string): Record<string, string[]> {
  const out: Record<string, Set<string>> = {};
  for (const s of statements) {
    for (const action of s.actions) {
      out[action] ??= new Set();
      for (const r of s.resources) out[action].add(describe(r));
    }
  }
  return Object.fromEntries(Object.entries(out).map(([a, r]) => [a, [...r].sort()]));
}

/** Renders an intrinsic as text: `{Fn::GetAtt:[X,Arn]}` → `X.Arn`, `{Ref:X}` → `X`, joins concatenated. */
export function describeResource(resource: Json): string {
  if (typeof resource === 'string') return resource;
  const r = resource as Record<string, Json>;
  if (r['Fn::GetAtt']) return (r['Fn::GetAtt'] as string[]).join('.');
  if (r.Ref) return String(r.Ref);
  if (r['Fn::Join']) return ((r['Fn::Join'] as [string, Json[]])[1]).map(describeResource).join('');
  return JSON.stringify(resource);
}
