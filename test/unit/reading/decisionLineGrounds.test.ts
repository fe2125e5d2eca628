/**
 * Every provision a decision line applies is a ground: the sentence just before the refusal (« … la
 * période prévue au paragraphe 132(1) du Règlement n'a pas pris fin (alinéa 117(9)b) du Règlement).
 * Votre demande est refusée. », "R117(9)(b) applies. Refused."), read through the officer-finding
 * reader. The law quoted before a refusal, and the bar that follows a finding, are no ground.
 */
import { readOfficerFindings } from '../../../lambdas/agents/intake/reading/readOfficerFindings';
import { readingDocument } from '../../../lambdas/agents/intake/reading/readingDocument';
import type { DocumentType } from '../../../lambdas/contracts/documentTypes';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const grounds = (text: string, type: DocumentType, language: 'en' | 'fr' = 'en') => {
  const doc: ExtractedDocument = { docId: 'd1', name: 'doc.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readOfficerFindings(readingDocument(doc, type, language))
    .filter((f) => f.kind === 'ground')
    .map((f) => `${f.subject} | ${f.evidence.quote}`);
};

describe('officer findings: the provisions a decision line applies', () => {
  it('the French sponsorship refusal gives both provisions its decision line applies, quoted where they are cited', () => {
    const letter = [
      'Ambassade du Canada - Section de l’immigration, Rabat (Maroc)',
      'Le 21 octobre 2026',
      '',
      'Madame,',
      'Votre répondant a un engagement existant et la période prévue au paragraphe 132(1) du Règlement n’a pas pris fin (alinéa 117(9)b) du Règlement).',
      'Votre demande est refusée.',
    ].join('\n');
    const quote = 'Madame,\nVotre répondant a un engagement existant et la période prévue au paragraphe 132(1) du Règlement n’a pas pris fin (alinéa 117(9)b) du Règlement).';
    expect(grounds(letter, 'refusal-letter', 'fr')).toEqual([`IRPR 132(1) | ${quote}`, `IRPR 117(9)(b) | ${quote}`]);
  });

  it('a note that applies a provision, then refuses, grounds the refusal on it', () => {
    expect(grounds('NOTES SMGC\nVérification du répondant : engagement antérieur en cours. R117(9)(b) s’applique. Refus.', 'gcms-notes', 'fr')).toEqual(['IRPR 117(9)(b) | R117(9)(b) s’applique.']);
  });

  it('the law quoted before the refusal, and a provision with no refusal after it, are no ground', () => {
    const law = 'Immigration, Refugees and Citizenship Canada\nSubsection 11(1) of the Act provides that a foreign national must apply for a visa before entering Canada.\nYour application is refused.';
    expect(grounds(law, 'refusal-letter')).toEqual([]);
    expect(grounds('NOTES SMGC\nR117(9)(b) s’applique si l’engagement est en cours. Dossier transmis pour vérification.', 'gcms-notes', 'fr')).toEqual([]);
  });

  it('the five-year bar after a misrepresentation finding stays no ground', () => {
    const letter = 'Immigration, Refugees and Citizenship Canada\nIn accordance with paragraph 40(2)(a) of the Act, you remain inadmissible for a period of five years.\nYour application is refused.';
    expect(grounds(letter, 'refusal-letter').filter((g) => g.startsWith('IRPA 40(2)'))).toEqual([]);
  });
});
