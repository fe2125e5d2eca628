/**
 * Triggers that state no event of the file: an LMIA's decision day (ESDC's decision on the employer's
 * request, not IRCC's on the application) and a checklist's box left unticked.
 */
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const timeline = (name: string, text: string) => {
  const doc: ExtractedDocument = { docId: 'd1', name, format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readCaseFacts([doc]).timeline.map((e) => [e.kind, e.date?.iso ?? '-']);
};

const LMIA = `Employment and Social Development Canada
Temporary Foreign Worker Program

Labour Market Impact Assessment (LMIA) - Confirmation

Employer: Prairie Ridge Greenhouses Inc., Leamington, Ontario
LMIA file number: 8123456
Occupation: Greenhouse worker (NOC 85101)
Wage: $17.20 per hour
Decision: Positive
Date of decision: 2025-03-14
`;

const CHECKLIST = `Global Case Management System — Notes
Risk indicator checklist:
[ ] Previous refusals   [ ] Overstay history   [X] Removal order
2025-04-02 — Officer 4471
Application refused.`;

describe("an LMIA's own days", () => {
  it('gives no decision of the file from an LMIA confirmation', () => {
    expect(timeline('lmia.txt', LMIA).map(([kind]) => kind)).not.toContain('decision');
  });
});

describe('checklist boxes', () => {
  it('reads no overstay or refusal from an unticked box, and still reads the refusal the notes state', () => {
    const read = timeline('gcms-notes.txt', CHECKLIST);
    expect(read.map(([kind]) => kind)).not.toContain('overstay');
    expect(read).toContainEqual(['refusal', '2025-04-02']);
    expect(read.filter(([kind]) => kind === 'refusal')).toHaveLength(1);
  });
});
