/**
 * Parties on the v34 variation set (test/corpus/reading/{en,fr}/v34-*): the holder of a résumé told
 * by its heading, a passenger named in the airline order, counsel named by « Me » or by the address of
 * a practice, employers told in a writer's own work history, and the spouse « qui me parraine ».
 */
import { namedInProse } from '../../../lambdas/agents/intake/reading/partyProse';
import { readPersonName } from '../../../lambdas/agents/intake/reading/personName';
import { readCorpusFolder } from './corpusItem';

const parties = (item: string) => readCorpusFolder(item).facts.parties.map((p) => [p.role, p.name]);

describe("a résumé's heading names its holder", () => {
  it('reads the name under a RÉSUMÉ title, over a contact line, as the applicant', () => {
    expect(parties('en/v34-resume-title-over-name')).toContainEqual(['applicant', 'Grace Wanjiku Mwangi']);
  });

  it('reads a French CV whose family name is in capitals', () => {
    expect(parties('fr/v34-cv-nom-en-tete')).toContainEqual(['applicant', 'Mariama BALDÉ']);
  });

  it("takes no signatory's name for a résumé holder when no contact line follows it", () => {
    const read = parties('fr/v34-cv-titre-sans-contact-lookalike');
    expect(read).not.toContainEqual(['applicant', 'Paul Mbarga']);
    expect(read).toContainEqual(['applicant', 'Serge Ateba Nkoulou']);
  });
});

describe('names written in the airline order', () => {
  it.each([
    ['CHOUDHURY/TANVIR MR', 'TANVIR CHOUDHURY'],
    ['DELA CRUZ/KRISTINE JOY MS', 'KRISTINE JOY DELA CRUZ'],
    ['NGUYEN/THI LAN', 'THI LAN NGUYEN'],
  ])('reads %s as %s', (written, name) => {
    expect(readPersonName(written)?.name).toBe(name);
  });

  it("reads an e-ticket's passenger as the applicant", () => {
    expect(parties('en/v34-eticket-passenger-slash')).toContainEqual(['applicant', 'CHIDINMA ADAEZE OKAFOR']);
  });

  it('reads no airline name from a date or a route with a slash', () => {
    expect(readPersonName('DXB/YYZ 14NOV')?.name).not.toBe('YYZ DXB');
  });
});

describe('counsel named by a title or an address', () => {
  it('reads « À : Me <name> » as counsel, and the sponsor « qui me parraine »', () => {
    const read = parties('fr/v34-courriel-a-maitre');
    expect(read).toEqual(expect.arrayContaining([['counsel', 'Julien Fortin'], ['sponsor', 'Karim Diarra']]));
    expect(read).not.toContainEqual(['spouse-or-partner', 'Karim Diarra']);
  });

  it("reads the addressee at an immigration practice's address as counsel, and the writer's employer", () => {
    expect(parties('en/v34-email-practice-domain')).toEqual(expect.arrayContaining([['counsel', 'Meera Pillai'], ['employer', 'Infosys Ltd.']]));
  });

  it("makes no one counsel for a domain that only begins with 'law', nor for 'Me and my wife'", () => {
    const roles = parties('en/v34-employer-email-name-lookalike').map(([role]) => role);
    expect(roles).not.toContain('counsel');
  });
});

describe("employers in a writer's own history", () => {
  it('reads « j\'ai travaillé chez X » and « j\'occupe depuis … le poste de … chez Y »', () => {
    expect(parties('fr/v34-lettre-a-travaille-puis-occupe')).toEqual(expect.arrayContaining([['employer', 'Sonatel SA'], ['employer', 'Wave Mobile Money']]));
  });
});

describe('the one "who sponsors"', () => {
  it("reads counsel's client « who sponsors » the applicant as the sponsor", () => {
    expect(parties('en/v16-conjugal-cannot-cohabit')).toContainEqual(['sponsor', 'Étienne Bélanger-Roy']);
  });

  it("reads « je suis l'épouse de M. <name>, citoyen canadien, qui me parraine » as the sponsor", () => {
    expect(parties('fr/v14-lettre-relation-fiancailles-dakar')).toContainEqual(['sponsor', 'Olivier Tremblay']);
  });

  it('makes no sponsor of someone who was sponsored', () => {
    const read = namedInProse('My brother, Mr. Anil Kapoor, who was sponsored by his wife in 2015, lives in Surrey.', 'applicant');
    expect(read.map((p) => [p.role, p.name])).toEqual([['other', 'Anil Kapoor']]);
  });
});
