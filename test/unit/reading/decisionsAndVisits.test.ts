/**
 * Readings a decision-maker's notes and letters rely on: a notes entry that only says "Approved." or
 * « Visa délivré. » is the decision, dated by its entry; a refusal letter's « votre demande de permis d'études »
 * names the file's application over the boilerplate factors it lists; in a visitor visa file the visit asked
 * for may be told by its purpose and a Canadian city alone; a previous marriage told « du … jusqu'à notre
 * divorce, prononcé … le … » gives both events.
 */
import { readCaseFacts } from '../../../lambdas/agents/intake/reading/readCaseFacts';
import type { ExtractedDocument } from '../../../lambdas/contracts/intakeOutput';

const read = (...texts: string[]) =>
  readCaseFacts(
    texts.map((text, i): ExtractedDocument => ({ docId: `d${i + 1}`, name: `doc${i + 1}.txt`, format: 'text', status: 'ok', statusDetail: 'text read', pages: [{ page: 1, text }], pageCount: 1 })),
  );
const events = (kind: string, ...texts: string[]) => read(...texts).timeline.filter((e) => e.kind === kind).map((e) => [e.person, e.date?.iso, e.country]);

const notes = (last: string) => `GCMS NOTES - V330001122 - TRV - Nairobi\n\n2025-06-02  NB1100\nPA 44, teacher. Purpose: visit her son in Calgary from 4 to 25 August 2025.\n\n2025-06-09  NB1100\n${last}`;

describe("a notes entry's decision", () => {
  it.each(['Approved.', 'TRV approved.', 'Ties established. Approved for 12 months.'])('reads "%s" as the decision on its entry day', (last) => {
    expect(events('decision', notes(last))).toEqual([['applicant', '2025-06-09', undefined]]);
  });

  it('reads « Visa délivré. » as the decision on its entry day', () => {
    expect(events('decision', 'NOTES SMGC\n\n2025-04-01  KN1190\nDP 39 ans, médecin.\n\n2025-04-07  KN1190\nLiens solides. Visa délivré.')).toEqual([['applicant', '2025-04-07', undefined]]);
  });

  it('reads no decision from a visa issued years ago, a hedge or a negation', () => {
    expect(events('decision', notes('A visa issued in 2018 was used properly. If approved, the stay is two weeks. Not approved yet.'))).toEqual([]);
  });
});

describe("a refusal letter's own application", () => {
  it('is the permit « votre demande » names, not a factor line about the visit', () => {
    const letter =
      'Ambassade du Canada\nDate : 2025-07-14\n\nLa présente fait suite à votre demande de permis d\'études. Après examen, je la refuse.\nX Vos ressources financières\nLe but de votre visite au Canada\nVos antécédents de voyage';
    expect(read(letter).application.kind).toBe('study-permit');
  });

  it("is the permit 'your application for' names", () => {
    expect(read('Dear Applicant,\n\nThis is in reference to your application for a work permit. I have refused it. The purpose of your visit to Canada is not consistent with a temporary stay.').application.kind).toBe('work-permit');
  });
});

describe('the visit a visitor visa asks for, told by its purpose and a city', () => {
  const visitorNotes = (line: string) => `GCMS NOTES - V340017736 - TRV - Bogota\n\n2025-08-12  BG5520\n${line}\nBank verification requested.\n\n2025-08-26  BG5520\nTRV refused.`;

  it.each(['PA 36, architect, to attend a conference in Toronto (5 days).', 'DP 45 ans, gérant de café, visite de 2 sem. chez son frère à Gatineau.', 'PA 41 wishes to attend her sister’s wedding in Winnipeg.'])('reads "%s" as a trip to Canada', (line) => {
    expect(events('travel', visitorNotes(line))).toEqual([['applicant', undefined, 'Canada']]);
  });

  it('reads no trip from a conference abroad, a past wedding or studies', () => {
    expect(events('travel', visitorNotes('PA 36, architect, plans to attend a conference in Paris.'))).toEqual([]);
    expect(events('travel', visitorNotes('PA 36 attended a wedding in Toronto in 2019 and returned.'))).toEqual([]);
    expect(events('travel', visitorNotes('PA 36, her son intends to attend a college program in Vancouver.'))).toEqual([]);
  });

  it('reads no such trip outside a visitor file', () => {
    expect(events('travel', 'Dear Officer,\n\nI am applying for a work permit. I plan to attend a conference in Toronto (5 days) once I am settled.\n\nAna Ruiz')).toEqual([]);
  });
});

describe('a previous marriage told as a period ended by divorce', () => {
  it('gives the marriage and the divorce, in French and in English', () => {
    const fr = "Je soussignée déclare : j'ai été mariée à Rodrigue Ahouandjinou du 12 août 2005 jusqu'à notre divorce, prononcé à Cotonou le 9 novembre 2012.";
    const en = 'I declare that I was married to John Smith from 12 August 2005 until our divorce, granted in Accra on 9 November 2012.';
    for (const text of [fr, en]) {
      expect(events('marriage', text).map((e) => e[1])).toEqual(['2005-08-12']);
      expect(events('divorce', text).map((e) => e[1])).toEqual(['2012-11-09']);
    }
  });

  it('reads no marriage from « mariée avec un homme de 1985 »', () => {
    expect(events('marriage', 'Je suis mariée avec un homme de 1985.')).toEqual([]);
  });
});
