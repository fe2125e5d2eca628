/**
 * The API's routes as data (DESIGN §7): the CDK stack builds one API Gateway method and one Lambda
 * per route from it, and `case-audit serve` routes local requests with it. Pure data, so the CDK app
 * can read it without loading any runtime code.
 */
export const API_ROUTE_TABLE = [
  { name: 'createAudit', method: 'POST', resource: '/audits', summary: 'Start an audit of an uploaded case' },
  { name: 'listAudits', method: 'GET', resource: '/audits', summary: "The caller's audits, newest first (?caseId=, ?status=, ?limit=; reviewers see every audit AWAITING_REVIEW)" },
  { name: 'getAudit', method: 'GET', resource: '/audits/{id}', summary: 'Status, progress, stage status and execution link of one audit' },
  { name: 'getReport', method: 'GET', resource: '/audits/{id}/report', summary: "A short-lived download URL for the audit's report (?format=md|json|pdf)" },
  { name: 'reviewAudit', method: 'POST', resource: '/audits/{id}/review', summary: "A reviewer's decision on an audit awaiting review: approve, or return to a stage (once), with a note" },
  { name: 'createUploads', method: 'POST', resource: '/cases/{caseId}/uploads', summary: "Short-lived upload URLs under the caller's case prefix" },
] as const;

export type ApiRouteName = (typeof API_ROUTE_TABLE)[number]['name'];
export type ApiRouteEntry = (typeof API_ROUTE_TABLE)[number];
