/**
 * Wrapped prose on the v24 variation set (test/corpus/reading/{en,fr}/v24-*): documents as text layers
 * and e-mail clients give them, lines of 60–75 characters broken mid-sentence, words hyphenated at a
 * line's end, a title or a provision's unit left at a line's end, a form's "Details:" answer run over
 * several lines, a currency on the line after its figure. Each rule is tested with the look-alike it
 * must leave alone.
 */
import { readCorpusItem } from './corpusItem';
import { asOneLine, dehyphenated, segmentsOf, softBreaksAsSpaces } from '../../../lambdas/agents/intake/reading/segments';
import { readMoney } from '../../../lambdas/core/text/money';
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { CaseFacts } from '../../../lambdas/contracts/caseFacts';

const texts = (text: string) => segmentsOf(text).map((s) => s.text);
const events = (facts: CaseFacts) => facts.timeline.map((e) => `${e.kind}|${e.person}|${e.date?.iso ?? ''}`);
const factsOf = (text: string, name = 'letter.txt') => readCaseFacts([{ docId: 'd1', name, format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 }]);

describe('a sentence broken at an abbreviation that leads what follows', () => {
  it('keeps a title with the name on the next line, and "No."/« al. » with their number', () => {
    expect(texts('I sponsor my wife, Mrs.\nAbena Owusu, who lives in Kumasi.')).toEqual(['I sponsor my wife, Mrs.\nAbena Owusu, who lives in Kumasi.']);
    expect(texts('Demande refusée en vertu de l’al.\n40(1)a) de la LIPR.')).toHaveLength(1);
    expect(texts('His file is No.\n4471 of the registry.')).toHaveLength(1);
  });

  it('still ends the sentence at a company’s "Ltd." and at a "No." the next line does not number', () => {
    expect(texts('He joined Larsen & Toubro Ltd.\nWe found him sincere.')).toHaveLength(2);
    expect(texts('Were you ever refused? No.\nThe applicant travelled in 2019.')).toContain('The applicant travelled in 2019.');
  });
});

describe('a form’s value wrapped over lines', () => {
  const form = [
    'Answer: Yes',
    'Details: I was refused a B1/B2 visitor visa by the United',
    'States Embassy in Accra on',
    '12 May 2018 under section 214(b). I also stayed in the United Kingdom',
    'past my visa in August 2016.',
  ].join('\n');

  it('goes on over the lines that ran to the width or end with the date’s lead word, and ends with its sentence', () => {
    const details = segmentsOf(form).find((s) => s.field?.label === 'Details');
    expect(details?.field?.value).toBe('I was refused a B1/B2 visitor visa by the United\nStates Embassy in Accra on\n12 May 2018 under section 214(b).');
    // What follows on the value's last line is prose of its own.
    expect(texts(form)).toContain('I also stayed in the United Kingdom\npast my visa in August 2016.');
    expect(events(factsOf(form, 'background.txt'))).toContain('refusal|applicant|2018-05-12');
  });

  it('does not run a CV’s next dated row into the value', () => {
    const cv = 'sept. 2017 – juin 2020 : BTS en génie des procédés, Institut supérieur de Sfax\n2020-2022 : Master professionnel en qualité, Université de Sfax';
    expect(segmentsOf(cv)[0].text).not.toContain('Master');
  });

  it('does not take a short line’s next line in capitals for its value', () => {
    const fields = segmentsOf('Name: Awa Koné\nCountry of birth: Mali').filter((s) => s.field);
    expect(fields.map((f) => f.field?.value)).toEqual(['Awa Koné', 'Mali']);
  });
});

describe('line breaks read as spaces, offsets kept', () => {
  it('makes a word hyphenated at a line’s end whole, and keeps a compound’s hyphen', () => {
    const text = 'in the full-time employ-\nment of the firm, at Port-au-\nPrince';
    const read = dehyphenated(text);
    expect(read).toHaveLength(text.length);
    expect(read).toContain('employment ');
    expect(read).toContain('Port-au-\nPrince');
    expect(asOneLine('d’em-\nploi à durée\nindéterminée')).toBe('d’emploi   à durée indéterminée');
  });

  it('reads as spaces only the breaks after a line that ran to the width', () => {
    const text = 'I, Daniel Okafor, of the City of Winnipeg, in the Province of\nManitoba, sponsor of my wife\nKind regards,\nDaniel';
    expect(softBreaksAsSpaces(text)).toBe('I, Daniel Okafor, of the City of Winnipeg, in the Province of Manitoba, sponsor of my wife\nKind regards,\nDaniel');
  });
});

describe('a currency on the line after its figure', () => {
  it('is the figure’s when it closes the sentence there, not when it opens the next line’s figure', () => {
    expect(readMoney('Son salaire mensuel net est de 465 000\nFCFA.', { defaultCurrency: 'XXX' }).map((m) => [m.amount, m.currency])).toEqual([[465000, 'XOF']]);
    expect(readMoney('Balance 12,000\nUSD 500 paid', { defaultCurrency: 'XXX' }).some((m) => m.amount === 12000 && m.currency === 'USD')).toBe(false);
  });
});

describe('the v24 items', () => {
  it('reads the job of a letter whose words and date are cut by its lines, and its salary', () => {
    const { facts } = readCorpusItem('en/v24-employment-letter-hyphenated-pdf', 'employment-letter.pdf.txt');
    expect(events(facts)).toEqual(expect.arrayContaining(['employment|applicant|2016-02-03', 'employment|applicant|2013-08-01']));
    expect(facts.money.map((m) => [m.kind, m.amount, m.currency, m.per])).toContainEqual(['salary', 9600000, 'NGN', 'year']);
  });

  it('reads the removal told in a « Détails : » answer run over three lines, dated by its day', () => {
    const { facts } = readCorpusItem('fr/v24-formulaire-details-renvoi', 'antecedents.pdf.txt');
    expect(events(facts)).toContain('removal-order|applicant|2016-03-17');
    expect(facts.declarations.map((d) => `${d.topic}|${d.answer}`)).toEqual(expect.arrayContaining(['prior-refusal|yes', 'criminality|no', 'military|no']));
  });

  it('reads a wrapped sworn declaration’s denials and the sponsor’s voice of a wrapped letter', () => {
    const { facts } = readCorpusItem('fr/v24-declaration-solennelle-voyages-coupes', 'declaration-solennelle.pdf.txt');
    expect(facts.declarations.map((d) => `${d.topic}|${d.answer}`)).toEqual(expect.arrayContaining(['criminality|no', 'overstay|no']));
    const letter = readCorpusItem('en/v24-sponsor-letter-wrapped-milestones', 'sponsor-letter.docx.txt').facts;
    expect(events(letter)).toEqual(expect.arrayContaining(['first-meeting|applicant|2019-02-14', 'engagement|applicant|2020-06-02', 'marriage|applicant|2021-12-18']));
  });
});
