/**
 * Two ways a file tells its couple that the trigger lists did not hear: a partner who "has lived with me since …"
 * (« qui vit avec moi … depuis … ») dates the cohabitation, and an applicant "sponsored by my husband"
 * (« parrainée par mon époux ») is in a spousal sponsorship, so her husband's divorce is the sponsor's.
 */
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const read = (text: string) => {
  const doc: ExtractedDocument = { docId: 'd1', name: 'letter.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readCaseFacts([doc]);
};
const events = (text: string, kind: string) => read(text).timeline.filter((e) => e.kind === kind).map((e) => [e.person, e.date?.iso]);

describe('a partner who lives with the writer', () => {
  it('dates the cohabitation from « vit avec moi … depuis » in French', () => {
    expect(events('Madame, Monsieur,\n\nJe parraine ma conjointe de fait, Mme Ana Souza, qui vit avec moi à Rimouski depuis le 3 mars 2022.\n\nLuc Gagnon', 'cohabitation-start')).toEqual([['applicant', '2022-03-03']]);
  });

  it('dates it from "has lived with me … since" in English', () => {
    expect(events('Dear Officer,\n\nI am sponsoring my wife, Priya Nair. My wife has lived with me in Regina since 14 June 2021.\n\nArun Pillai', 'cohabitation-start')).toEqual([['applicant', '2021-06-14']]);
  });

  it('reads no cohabitation from a relative who lives with the writer, nor from an undated "lives with me"', () => {
    expect(events('Dear Officer,\n\nMy mother has lived with me in Regina since 2019.\n\nArun Pillai', 'cohabitation-start')).toEqual([]);
    expect(events('Dear Officer,\n\nI am sponsoring my husband, who lives with me in Saskatoon.\n\nAnna Berg', 'cohabitation-start')).toEqual([]);
  });
});

describe('an applicant sponsored by her spouse', () => {
  const declaration = 'DÉCLARATION SOUS SERMENT\n\nJe, soussignée, Amina Benali, demanderesse de résidence permanente parrainée par mon époux, Marc Lavoie, déclare ce qui suit :\n\n1. Mon époux a été marié une première fois ; il a divorcé en 2014.\n\nAmina Benali';

  it('is in a spousal sponsorship', () => {
    expect(read(declaration).application.kind).toBe('spousal-sponsorship');
  });

  it("gives her husband's divorce to the sponsor", () => {
    expect(events(declaration, 'divorce')).toEqual([['sponsor', '2014']]);
  });

  it('is no sponsorship when the spouse sponsored her long ago', () => {
    expect(read("Je suis devenue résidente permanente en 2009 ; j'ai été parrainée par mon époux. Je demande aujourd'hui un visa pour ma mère.").application.kind).not.toBe('spousal-sponsorship');
  });
});
