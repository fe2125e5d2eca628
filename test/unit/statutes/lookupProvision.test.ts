import { wordsOf } from '../../../lambdas/core/statutes/statuteWords';
import { lookupProvision, type ProvisionLookup } from '../../../lambdas/core/statutes/lookupProvision';
import { ancestorsOf, childrenOf, provisionText } from '../../../lambdas/core/statutes/provisionTree';

function inForce(id: string) {
  const result = lookupProvision(id);
  if (result.status !== 'in-force') throw new Error(`${id}: expected in-force, got ${result.status}: ${'reason' in result ? result.reason : ''}`);
  return result.provision;
}

function missing(id: string): ProvisionLookup & { status: 'missing' } {
  const result = lookupProvision(id);
  if (result.status !== 'missing') throw new Error(`${id}: expected missing, got ${result.status}`);
  return result;
}

function repealed(id: string): ProvisionLookup & { status: 'repealed' } {
  const result = lookupProvision(id);
  if (result.status !== 'repealed') throw new Error(`${id}: expected repealed, got ${result.status}`);
  return result;
}

describe('real provisions at every level of the hierarchy are in force', () => {
  it.each([
    ['IRPA 16', 'section'],
    ['IRPA 25(1)', 'subsection'],
    ['IRPA 40(1)(a)', 'paragraph'],
    ['IRPA 36(1)(c)', 'paragraph'],
    ['IRPA 25(1.2)(c)(ii)', 'subparagraph'],
    ['IRPA 25(1.2)(c)(ii)(A)', 'clause'],
    ['IRPR 65(b)(i)(C)(I)', 'subclause'],
    ['IRPR 4(1)', 'subsection'],
    ['IRPR 4.1', 'section'],
    ['IRPR 117(9)', 'subsection'],
    ['IRPR 117(9)(b)', 'paragraph'],
    ['IRPR 216(1)(b)', 'paragraph'],
    ['IRPR 200(3)(e)', 'paragraph'],
    ['IRPR 2', 'section'],
    ['IRPR 1(1)', 'subsection'],
  ])('%s is a %s in force', (id, kind) => {
    const provision = inForce(id);
    expect(provision.id).toBe(id);
    expect(provision.kind).toBe(kind);
  });

  it('gives the words, marginal note and label path of IRPR 216(1)(b) in English and French', () => {
    const provision = inForce('IRPR 216(1)(b)');
    expect(wordsOf(provision, 'en')).toBe('will leave Canada by the end of the period authorized for their stay under Division 2 of Part 9;');
    expect(wordsOf(provision, 'fr')).toMatch(/^il quittera le Canada à la fin de la période de séjour/);
    expect(provision.path).toEqual(['216', '(1)', '(b)']);
    expect(provision.parent).toBe('IRPR 216(1)');
    expect(inForce('IRPR 216').marginalNote).toEqual({ en: 'Study permits', fr: 'Permis d’études' });
  });

  it('quotes IRPA 40(1)(a), the misrepresentation ground, word for word', () => {
    expect(wordsOf(inForce('IRPA 40(1)(a)'), 'en')).toBe(
      'for directly or indirectly misrepresenting or withholding material facts relating to a relevant matter that induces or could induce an error in the administration of this Act;',
    );
    expect(inForce('IRPA 40').marginalNote?.en).toBe('Misrepresentation');
  });

  it('finds definitions inside definition sections by English or French term', () => {
    const partner = inForce('IRPR 1(1) "common-law partner"');
    expect(partner.kind).toBe('definition');
    expect(partner.term).toEqual({ en: 'common-law partner', fr: 'conjoint de fait' });
    expect(wordsOf(partner, 'en')).toContain('cohabiting with the person in a conjugal relationship, having so cohabited for a period of at least one year');
    expect(lookupProvision('RIPR 1(1) "conjoint de fait"')).toMatchObject({ status: 'in-force', id: 'IRPR 1(1) "common-law partner"' });
    expect(lookupProvision('IRPA 2(1) “foreign national”')).toMatchObject({ status: 'in-force', id: 'IRPA 2(1) "foreign national"' });
    expect(inForce('IRPR 2 "dependent child"(a)(i)').kind).toBe('subparagraph');
  });

  it('resolves French and loosely spaced spellings to the same canonical ids', () => {
    expect(lookupProvision('LIPR 40(1)a)')).toMatchObject({ status: 'in-force', id: 'IRPA 40(1)(a)' });
    expect(lookupProvision('RIPR 216(1) b)')).toMatchObject({ status: 'in-force', id: 'IRPR 216(1)(b)' });
    expect(lookupProvision('irpa s. 25 (1)')).toMatchObject({ status: 'in-force', id: 'IRPA 25(1)' });
  });

  it('reads labels the English XML prints in the French style (IRPR 87(12)a)) as ordinary paragraphs', () => {
    expect(wordsOf(inForce('IRPR 87(12)(a)'), 'en')).toBe('the person who made the application has become a permanent resident; and');
  });
});

describe('the hierarchy', () => {
  it('lists the paragraphs of IRPR 216(1) in order', () => {
    expect(childrenOf('IRPR 216(1)').map((p) => p.id)).toEqual(['IRPR 216(1)(a)', 'IRPR 216(1)(b)', 'IRPR 216(1)(c)', 'IRPR 216(1)(d)', 'IRPR 216(1)(e)']);
  });

  it('puts IRPR 117(9)(b) under IRPR 117(9) under IRPR 117', () => {
    expect(ancestorsOf('IRPR 117(9)(b)').map((p) => p.id)).toEqual(['IRPR 117', 'IRPR 117(9)']);
    expect(childrenOf('IRPR 117(9)').map((p) => p.id)).toContain('IRPR 117(9)(b)');
  });

  it('lists the sections of an instrument under its name', () => {
    const sections = childrenOf('IRPA');
    expect(sections[0].id).toBe('IRPA 1');
    expect(sections.every((p) => p.kind === 'section')).toBe(true);
  });

  it('has nothing below or above a provision that does not exist', () => {
    expect(childrenOf('IRPR 216(1)(z)')).toEqual([]);
    expect(ancestorsOf('IRPA 999')).toEqual([]);
  });

  it('does not repeat in French a list the French version prints as one sentence (IRPA 16(2))', () => {
    const subsection = inForce('IRPA 16(2)');
    expect(provisionText(subsection, 'en')).toMatch(/^In the case of a foreign national, \(a\) .* \(b\) /);
    expect(provisionText(subsection, 'fr')).toBe(wordsOf(subsection, 'fr'));
    expect(lookupProvision('LIPR 16(2)a)')).toMatchObject({ status: 'in-force', id: 'IRPA 16(2)(a)' });
  });

  it('assembles a subsection with its paragraphs for quoting, in English and French', () => {
    const subsection = inForce('IRPR 216(1)');
    expect(provisionText(subsection)).toMatch(
      /^Subject to subsections \(2\) and \(3\), an officer shall issue a study permit .* the foreign national \(a\) applied for it .* \(b\) will leave Canada by the end of the period authorized for their stay/,
    );
    expect(provisionText(subsection, 'fr')).toMatch(/l’agent délivre un permis d’études .* a\) l’étranger a demandé .* b\) il quittera le Canada/);
  });
});

describe('provisions that do not exist', () => {
  it('reports IRPR 216(1)(z) missing, nearest IRPR 216(1), naming the paragraphs that exist', () => {
    const result = missing('IRPR 216(1)(z)');
    expect(result.instrument).toBe('IRPR');
    expect(result.nearest?.id).toBe('IRPR 216(1)');
    expect(result.reason).toBe('IRPR 216(1) has paragraphs (a) to (e); there is no (z)');
  });

  it('reports IRPA 40(7) missing, nearest IRPA 40', () => {
    const result = missing('IRPA 40(7)');
    expect(result.nearest?.id).toBe('IRPA 40');
    expect(result.reason).toBe('IRPA 40 has subsections (1) to (3); there is no (7)');
  });

  it('points from a skipped level to the provisions that exist (IRPA 40(a) → IRPA 40(1)(a), IRPA 40(2)(a))', () => {
    expect(missing('IRPA 40(a)').reason).toBe('IRPA 40 has subsections (1) to (3); there is no (a); IRPA 40(1)(a) and IRPA 40(2)(a) exist');
    expect(missing('IRPR 216(b)').reason).toBe('IRPR 216 has subsections (1) to (3); there is no (b); IRPR 216(1)(b) exists');
  });

  it('says so when a provision has no subdivisions at all', () => {
    expect(missing('IRPR 4.1(z)').reason).toBe('IRPR 4.1 has no subdivisions; there is no (z)');
  });

  it('names the sections around a section number that does not exist', () => {
    const gap = missing('IRPR 4.7');
    expect(gap.nearest).toBeUndefined();
    expect(gap.reason).toBe('IRPR has no section 4.7; the sections either side are 4.1 and 5');
    expect(missing('IRPA 999').reason).toBe('IRPA has no section 999; its last section is 275');
  });

  it('says where a term is defined when it is cited under the wrong section', () => {
    const result = missing('IRPR 2 "common-law partner"');
    expect(result.nearest?.id).toBe('IRPR 2');
    expect(result.reason).toBe('IRPR 2 defines no term "common-law partner"; it is defined in IRPR 1(1) "common-law partner"');
  });

  it('reports text that is not a provision id as missing with no instrument', () => {
    const result = missing('clause 7(b) of the lease');
    expect(result.instrument).toBeNull();
    expect(result.reason).toMatch(/is not a provision id/);
  });
});

describe('repealed provisions', () => {
  it('reports IRPA 11.1 repealed, naming the repealing Act', () => {
    const result = repealed('IRPA 11.1');
    expect(result.provision.id).toBe('IRPA 11.1');
    expect(result.repealedBy).toBe('2015, c. 36, s. 170');
    expect(wordsOf(result.provision, 'en')).toBe('[Repealed, 2015, c. 36, s. 170]');
  });

  it('reports IRPA 35(1)(c) repealed in 2023', () => {
    expect(repealed('IRPA 35(1)(c)').repealedBy).toBe('2023, c. 19, s. 5');
  });

  it('reports each unit of a shared label repealed: IRPA 13(2) and (3), IRPR 117(5) and (6)', () => {
    for (const id of ['IRPA 13(2)', 'IRPA 13(3)']) expect(repealed(id).repealedBy).toBe('2012, c. 17, s. 7');
    for (const id of ['IRPR 117(5)', 'IRPR 117(6)']) {
      const result = repealed(id);
      expect(result.provision.label).toBe('(5) and (6)');
      expect(result.repealedBy).toBe('SOR/2005-61, s. 3');
    }
  });

  it('reports a subdivision of a repealed unit as repealed with it', () => {
    const result = repealed('IRPA 13(2)(a)');
    expect(result.id).toBe('IRPA 13(2)(a)');
    expect(result.provision.id).toBe('IRPA 13(2)');
    expect(result.reason).toBe('IRPA 13(2)(a) falls under IRPA 13(2), which was repealed by 2012, c. 17, s. 7');
  });

  it('reports a repealed definition repealed, by its English or its French term', () => {
    expect(repealed('IRPR 1(1) "study permit"').repealedBy).toBe('SOR/2014-14, s. 1');
    expect(repealed('RIPR 1(1) "permis d’études"').repealedBy).toBe('DORS/2014-14, art. 1');
  });
});
