import { formatProvisionId, parseProvisionId, termKey } from '../../../lambdas/core/statutes/provisionId';

function canonical(input: string): string {
  const reading = parseProvisionId(input);
  if (!reading.ok) throw new Error(reading.reason);
  return reading.canonical;
}

describe('provision ids', () => {
  it.each([
    ['IRPA 40(1)(a)', 'IRPA 40(1)(a)'],
    ['IRPR 117(9)', 'IRPR 117(9)'],
    ['IRPR 2', 'IRPR 2'],
    ['IRPA 16', 'IRPA 16'],
    ['IRPR 4.1', 'IRPR 4.1'],
    ['IRPR 65(b)(i)(C)(I)', 'IRPR 65(b)(i)(C)(I)'],
    ['IRPA 3(1)(b.1)', 'IRPA 3(1)(b.1)'],
    ['IRPA 16(1.1)', 'IRPA 16(1.1)'],
    ['  irpa   40 (1) (a) ', 'IRPA 40(1)(a)'],
    ['IRPA s. 16', 'IRPA 16'],
    ['IRPR section 216(1)(b)', 'IRPR 216(1)(b)'],
    ['LIPR 40(1)a)', 'IRPA 40(1)(a)'],
    ['LIPR art. 25(1)', 'IRPA 25(1)'],
    ['RIPR 216(1) b)', 'IRPR 216(1)(b)'],
    ['IRPR 1(1) "common-law partner"', 'IRPR 1(1) "common-law partner"'],
    ['IRPR 1(1) “common-law  partner”', 'IRPR 1(1) "common-law partner"'],
    ['RIPR 1(1) « conjoint de fait »', 'IRPR 1(1) "conjoint de fait"'],
    ['IRPR 2 "dependent child"(a)(i)', 'IRPR 2 "dependent child"(a)(i)'],
  ])('reads %j as %s', (input, expected) => {
    expect(canonical(input)).toBe(expected);
  });

  it('keeps the case of labels: (A) is a clause, (a) a paragraph', () => {
    expect(canonical('IRPA 25(1.2)(c)(ii)(A)')).toBe('IRPA 25(1.2)(c)(ii)(A)');
  });

  it.each(['7(b)', 'clause 7(b) of the lease', 'IRPA', 'IRPA forty', 'IRPA 40(1)(a) of the Act', 'IRPB 40'])('does not read %j as a provision id', (input) => {
    const reading = parseProvisionId(input);
    expect(reading.ok).toBe(false);
    if (!reading.ok) expect(reading.reason).toMatch(/is not a provision id/);
  });

  it('writes what it reads', () => {
    expect(formatProvisionId({ instrument: 'IRPR', section: '1', segments: [{ kind: 'label', value: '1' }, { kind: 'term', value: 'common-law partner' }] })).toBe(
      'IRPR 1(1) "common-law partner"',
    );
  });

  it('compares terms without regard to case, accents, apostrophes or spaced hyphens', () => {
    expect(termKey('TEER Category')).toBe(termKey('TEER category'));
    expect(termKey('immigration- linked investment scheme')).toBe(termKey('immigration-linked investment scheme'));
    expect(termKey('permis d’études')).toBe(termKey("permis d'etudes"));
  });
});
