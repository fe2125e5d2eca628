import { secondOpinionType } from '../../../lambdas/agents/intake/reading/secondOpinionType';

describe('a second opinion on a document\'s type', () => {
  it('an invitation that warns an application "may be refused" is not a refusal letter', () => {
    const ita = 'Invitation to apply for permanent residence\nSubmit your application within 60 days. An incomplete application may be refused.';
    expect(secondOpinionType('refusal-letter', ita)).toMatchObject({ type: 'other' });
  });

  it('a letter that refuses keeps its type', () => {
    expect(secondOpinionType('refusal-letter', 'Your application for a study permit has been refused. An incomplete application may be refused.')).toBeUndefined();
  });

  it('types by a French or English title what the classifier left as other', () => {
    expect(secondOpinionType('other', "RÉPUBLIQUE DU CAMEROUN\nExtrait d'acte de mariage n° 118\nLe douze mars deux mille vingt…")).toMatchObject({ type: 'marriage-certificate' });
    expect(secondOpinionType('other', 'BANK CERTIFICATION\nThis is to certify that the account holder…')).toMatchObject({ type: 'bank-statement' });
    expect(secondOpinionType('other', "Immigration Canada\nVotre demande de permis d'études a été refusée.")).toMatchObject({ type: 'refusal-letter' });
  });

  it('never reads a sworn account of an earlier refusal as a refusal letter, and leaves a confident type alone', () => {
    expect(secondOpinionType('other', 'DÉCLARATION SOLENNELLE\nEn 2018, ma demande de visa a été refusée par le consulat.')).toBeUndefined();
    expect(secondOpinionType('imm-5257', 'Acte de mariage attaché')).toBeUndefined();
  });
});
