/** A letter whose writer says "I sponsor my wife" is the sponsor's: its "I arrived in Canada" is the sponsor's entry. */
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const entries = (text: string) => {
  const doc: ExtractedDocument = { docId: 'd1', name: 'letter.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readCaseFacts([doc]).timeline.filter((e) => e.kind === 'entry').map((e) => [e.person, e.date?.iso]);
};

describe("the sponsor's own letter", () => {
  it("gives the writer's entry to the sponsor when the writer says 'I sponsor my husband'", () => {
    expect(entries('To the officer,\n\nMy name is Leila Haddad and I sponsor my husband, Omar Haddad. I arrived in Canada on 2 May 2014 as a permanent resident.\n\nLeila Haddad')).toEqual([['sponsor', '2014-05-02']]);
  });

  it("keeps the applicant's entry when the writer is the one sponsored", () => {
    expect(entries('To the officer,\n\nMy husband sponsors me. I arrived in Canada on 2 May 2024 as a visitor.\n\nOmar Haddad')).toEqual([['applicant', '2024-05-02']]);
  });
});
