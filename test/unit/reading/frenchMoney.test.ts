/**
 * Money as French-language bank letters and declarations of Africa and the Maghreb write it: the
 * local abbreviations of the currency (DH, DA, Ar, FBu, F CFA) and savings told as "économies".
 * A writing the reader does not know must never fall back to the document's dollar.
 */
import { readMoney } from '../../../lambdas/agents/intake/reading/readMoney';
import { readingDocument } from '../../../lambdas/agents/intake/reading/readingDocument';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const money = (text: string) => {
  const doc: ExtractedDocument = { docId: 'd1', name: 'attestation.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 };
  return readMoney(readingDocument(doc, 'proof-of-funds', 'fr')).map((m) => `${m.kind} ${m.amount} ${m.currency}`);
};

describe('French-language money', () => {
  it.each([
    ['Solde disponible : 15 000,00 DH.', 'balance 15000 MAD'],
    ['Solde du compte épargne : 250 000 DA', 'balance 250000 DZD'],
    ['Solde au 31 mars 2024 : 3 200 000 Ar.', 'balance 3200000 MGA'],
    ['Le compte présente un solde de 4 800 000 FBu.', 'balance 4800000 BIF'],
    ["Le solde s'établit à 1 200 000 F CFA.", 'balance 1200000 XOF'],
    ["Mes économies s'élèvent à 2,5 millions de dirhams.", 'balance 2500000 MAD'],
  ])('reads %s', (text, expected) => {
    expect(money(text)).toEqual([expected]);
  });

  it('does not take a lower-case word for a currency abbreviation', () => {
    expect(money('Il y a da ar dh dans ce texte : 500 mots.')).toEqual([]);
  });
});
