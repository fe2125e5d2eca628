/**
 * What dates a divorce on a civil record: the day a divorce certificate says it took effect (after a
 * title "Certificat de divorce" that carries no date of its own), and never the wedding day of a
 * marriage record that gives a spouse's status as "divorcé" between commas. Both decide whether one
 * spouse was still married to another at the wedding (IRPR 117(9)(c)(i)).
 */
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const timelineOf = (text: string) => {
  const doc: ExtractedDocument = { docId: 'c1', name: 'c1.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readCaseFacts([doc]).timeline.filter((e) => e.kind === 'divorce' || e.kind === 'marriage').map((e) => `${e.kind} ${e.date?.iso ?? '-'}`);
};

describe('the day a divorce took effect', () => {
  it('reads « Le divorce a pris effet le … » and "the divorce took effect on …" under a certificate title that names the marriage first', () => {
    expect(timelineOf('Certificat de divorce\nPaul Girard et Lina Haddad, mariés le 3 mars 2012 à Beyrouth.\nLe divorce a pris effet le 14 janvier 2020.')).toEqual(
      expect.arrayContaining(['marriage 2012-03-03', 'divorce 2020-01-14']),
    );
    expect(timelineOf('Certificate of Divorce\nSean Walsh and Ada Obi, married on 2 May 2010 in Lagos.\nThe divorce took effect on 9 June 2018.')).toContain('divorce 2018-06-09');
    expect(timelineOf('Certificat de divorce\nPaul Girard et Lina Haddad, mariés le 3 mars 2012 à Beyrouth.\nLe divorce a pris effet le 14 janvier 2020.')).not.toContain('divorce -');
  });
});

describe('a status on a marriage record', () => {
  it('gives the groom\'s « divorcé » between commas no date: the record\'s day is the wedding, not the divorce', () => {
    const read = timelineOf("Acte de mariage n° 0401/2024\nLe 6 juillet 2024 ont comparu Luc Morin, né le 2 mai 1980, de nationalité canadienne,\ndivorcé, et Awa Diallo, née le 1er mars 1992, célibataire.");
    expect(read).not.toContain('divorce 2024-07-06');
  });
});
