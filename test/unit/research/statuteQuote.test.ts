import { lookupProvision } from '../../../lambdas/core/statutes/lookupProvision';
import { provisionText } from '../../../lambdas/core/statutes/provisionTree';
import { statuteQuote } from '../../../lambdas/agents/detective/research/statuteQuote';

const textOf = (id: string) => {
  const found = lookupProvision(id);
  if (found.status !== 'in-force') throw new Error(`${id} is not in force`);
  return provisionText(found.provision);
};

describe('statuteQuote: the words of a cited provision, verbatim from the statute', () => {
  it('quotes IRPR 216(1)(b) in full: it is short', () => {
    const quote = statuteQuote('IRPR 216(1)(b)', 'the officer must be satisfied the applicant will leave Canada');
    expect(quote).toBe(textOf('IRPR 216(1)(b)'));
    expect(quote).toMatch(/leave Canada by the end of the period authorized/);
  });

  it('quotes the passage of a long provision that matches what it is cited for, marking the cut with an ellipsis', () => {
    const quote = statuteQuote('IRPA 40(1)', 'misrepresenting or withholding material facts relating to a relevant matter')!;
    expect(quote.length).toBeLessThanOrEqual(240 + 4);
    expect(quote).toMatch(/withholding material facts/);
    expect(textOf('IRPA 40(1)')).toContain(quote.replace(/^… /, '').replace(/ …$/, ''));
  });

  it('quotes nothing for a provision the statute does not have in force', () => {
    expect(statuteQuote('IRPR 216(1)(z)', 'study permit')).toBeUndefined();
    expect(statuteQuote('IRPA 13(2)', 'sponsorship')).toBeUndefined();
  });
});
