/**
 * A form's question and its answer tell an event together: the question names the kind, the answer
 * dates it, on the question's line or below it. A "No", an answer without a date, a question about a
 * plan, a refusal question that also says "ordered to leave", or a question about a previous marriage
 * tells no event of the couple.
 */
import { readEvents } from '../../../lambdas/agents/intake/reading/readEvents';
import { readingDocument } from '../../../lambdas/agents/intake/reading/readingDocument';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const events = (lines: string[], language: 'en' | 'fr' = 'en') => {
  const doc: ExtractedDocument = { docId: 'd1', name: 'form.txt', format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text: lines.join('\n') }], pageCount: 1 };
  return readEvents({ doc: readingDocument(doc, 'imm-5532', language), spousal: true }).map((e) => `${e.kind} ${e.date?.iso ?? '-'}${e.end ? `→${e.end.iso}` : ''}`);
};

describe('events told by a question and its answer', () => {
  it('reads the first meeting answered on the line below, and living together answered "Yes." then the dates (EN)', () => {
    expect(events(['1. When did you first meet in person?', '2017-10-08', '2. Have you lived together?', 'Yes.', 'From 2018-04-01 to 2019-09-30'])).toEqual([
      'first-meeting 2017-10-08',
      'cohabitation-start 2018-04-01→2019-09-30',
      // The period ended: its last day is the cohabitation's end (events/cohabitationPeriod.ts).
      'cohabitation-end 2019-09-30',
    ]);
  });

  it('reads an engagement and a removal answered « Oui, … » after the question (FR)', () => {
    const form = ['Y a-t-il eu une cérémonie de fiançailles ? Oui, le 25 décembre 2018 à Kumasi', "Avez-vous déjà fait l'objet d'une mesure de renvoi ? Oui, le 18 janvier 2017, Royaume-Uni"];
    expect(events(form, 'fr')).toEqual(['engagement 2018-12-25', 'removal-order 2017-01-18']);
  });

  it('reads an answer run into the next question once, and nothing from the question it runs into', () => {
    expect(events(['7. Are you married?', 'Yes — married on 19 October 2019 in Kumasi', 'Have you ever remained beyond the validity of your status? No'])).toEqual(['marriage 2019-10-19']);
  });

  it('reads nothing from a "No", an undated "Yes", or a question about a plan', () => {
    expect(events(['Have you ever been deported? No, never (checked 2024-01-02)', 'Have you lived together? Yes', 'When will the wedding take place? June 2026'])).toEqual([]);
  });

  it('reads no removal from a refusal question that also says "ordered to leave", and no marriage from a previous-marriage question', () => {
    const form = [
      'Have you ever been refused a visa or permit, denied entry or ordered to leave any country? Yes — US visa refused 2019-08-14',
      'Have you previously been married or in a common-law relationship? Yes — first marriage ended in divorce in 2014',
    ];
    expect(events(form).filter((e) => /^(?:removal-order|marriage)/.test(e))).toEqual([]);
  });

  it('keeps one overstay where the answer restates the dated details ("Yes (United Kingdom, 2015-2016)")', () => {
    const form = ['Details: I overstayed my visa in the United Kingdom from 31 January 2015.', 'Have you remained beyond the validity of your status in any country? Yes (United Kingdom, 2015-2016)'];
    expect(events(form).filter((e) => e.startsWith('overstay'))).toEqual(['overstay 2015-01-31']);
  });
});
