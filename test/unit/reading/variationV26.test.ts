/**
 * Parties on the v26 variation set (test/corpus/reading/{en,fr}/v26-*): people a record names by a
 * label ("Person concerned", "Employee's name and address", « Personne concernée »), a role beside a
 * name, a section heading, "sponsored by" and "sponsorship of … by …", a role in apposition, the
 * partner first met, the student a certificate attests about, and counsel who signs.
 */
import { readCorpusFolder } from './corpusItem';

const parties = (item: string) => readCorpusFolder(item).facts.parties.map((p) => [p.role, p.name]);

describe('names a record gives by its labels', () => {
  it('reads the person concerned by an exclusion order, written surname first', () => {
    expect(parties('en/v26-cbsa-removal-person-concerned')).toContainEqual(['applicant', 'Parisa HOSSEINI']);
  });

  it("reads the employee of a Record of Employment from its 'name and address' block, as a PDF text layer gives it", () => {
    expect(parties('en/v26-roe-employee-name-address')).toEqual(expect.arrayContaining([['applicant', 'Vikram Reddy'], ['employer', 'Northbay Logistics Ltd.']]));
  });

  it('reads the sponsored person under their own heading in the sponsor\'s undertaking, and the sponsor under theirs', () => {
    expect(parties('en/v26-undertaking-sections')).toEqual(expect.arrayContaining([['sponsor', 'Fiona MACLEOD'], ['applicant', 'Rafael SANTOS']]));
  });
});

describe('roles stated in letters', () => {
  it('reads who is sponsored by whom from a subject line, and the lawyer who signs under the firm as counsel', () => {
    const read = parties('en/v26-counsel-letter-sponsorship-of-by');
    expect(read).toEqual(expect.arrayContaining([['applicant', 'Ngozi Eze'], ['sponsor', 'Callum Fraser'], ['counsel', 'Helena Marsh']]));
    expect(read).not.toContainEqual(['applicant', 'Helena Marsh']);
  });

  it('reads the sponsored spouse « parrainée par mon époux » and the client named between the dashes of a subject line', () => {
    expect(parties('fr/v26-declaration-parrainee-par')).toEqual(expect.arrayContaining([['applicant', 'Yasmina Belkacem'], ['sponsor', 'Mathieu Lemieux']]));
    expect(parties('fr/v26-objet-entre-tirets')).toEqual(expect.arrayContaining([['applicant', 'Habib KONATÉ'], ['counsel', 'Sandrine Paquette']]));
  });

  it('reads a sister\'s letter naming « la répondante, Mme … » as the sponsor, and not the sister who signs', () => {
    const read = parties('fr/v26-repondante-apposition');
    expect(read).toContainEqual(['sponsor', 'Véronique Dubé']);
    expect(read).not.toContainEqual(['sponsor', 'Isabelle Dubé']);
  });
});
