import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkDocuments } from '../../../lambdas/core/checklists/documentChecklist';
import { CHECKLISTS_FILE, ChecklistsInvalid, loadChecklists, parseChecklists } from '../../../lambdas/core/checklists/loadChecklists';
import { APPLICATION_TYPES, type DocumentSummary } from '../../../lambdas/contracts/intakeOutput';

const raw = (): Record<string, any> => JSON.parse(readFileSync(join(__dirname, '../../..', CHECKLISTS_FILE), 'utf8'));

/** The message a broken copy of the file is refused with. */
function refusal(edit: (file: Record<string, any>) => void): string {
  const file = raw();
  edit(file);
  try {
    parseChecklists('checklists.json', file);
  } catch (err) {
    expect(err).toBeInstanceOf(ChecklistsInvalid);
    return (err as Error).message;
  }
  throw new Error('the broken file was accepted');
}

describe('document checklists (data file)', () => {
  it('bundles a valid file with a checklist for every application type', () => {
    expect(() => parseChecklists(CHECKLISTS_FILE, raw())).not.toThrow();
    const checklists = loadChecklists();
    expect(Object.keys(checklists).sort()).toEqual([...APPLICATION_TYPES].sort());
    for (const type of APPLICATION_TYPES) expect(checklists[type].map((i) => i.id)).toContain('passport');
  });

  it('writes out a shared item where a checklist uses it, with the checklist’s own wording', () => {
    const { 'study-permit': study, 'spousal-sponsorship': spousal } = loadChecklists();
    expect(study.find((i) => i.id === 'proof-of-funds')).toEqual({
      id: 'proof-of-funds',
      label: 'Proof of financial support (bank statements, GIC, sponsor funds)',
      required: true,
      accepts: ['bank-statement', 'proof-of-funds', 'pay-stubs', 'tax-document'],
      why: 'the officer must be satisfied the applicant can pay tuition and living costs',
    });
    expect(spousal.find((i) => i.id === 'family-information')).toMatchObject({ label: 'Family information form', required: false, accepts: ['imm-5645', 'imm-5707'] });
    expect(study.find((i) => i.id === 'family-information')).toMatchObject({ required: true });
  });

  it('refuses a document type the classifier does not know, naming the file, checklist, item and field', () => {
    const message = refusal((f) => {
      f.checklists['study-permit'][1].accepts = ['letter-of-acceptance', 'acceptance-letter'];
    });
    expect(message).toMatch(/^document checklists checklists\.json are invalid: /);
    expect(message).toContain("checklist 'study-permit' item 'letter-of-acceptance' (entry 1) field 'accepts.1'");
    expect(message).toContain('"acceptance-letter" is not a document type the classifier recognises');
  });

  it('refuses a shared item that does not exist, an incomplete item and a missing application type', () => {
    expect(refusal((f) => f.checklists.unknown.push({ use: 'pasport' }))).toContain("checklist 'unknown' item 'pasport' (entry 1) field 'use': no shared item 'pasport'");
    expect(refusal((f) => delete f.checklists['work-permit'][2].why)).toContain("checklist 'work-permit' item 'lmia' (entry 2) field 'why': missing");
    expect(refusal((f) => delete f.checklists['visitor-visa'])).toContain("checklist 'visitor-visa': missing");
    expect(refusal((f) => (f.sharedItems.passport.required = 'yes'))).toContain("shared item 'passport' field 'required'");
  });

  it('refuses an item listed twice in one checklist, and a shared item whose accepted types a checklist replaces', () => {
    expect(refusal((f) => f.checklists.unknown.push({ use: 'passport' }))).toContain("item 'passport' is listed twice");
    expect(refusal((f) => (f.checklists.unknown[0].accepts = ['passport', 'birth-certificate']))).toContain("field 'accepts': an entry that uses shared item 'passport' keeps its accepts");
  });

  it('checks a file against its checklist: present, missing and unreadable items in checklist order', () => {
    const doc = (docId: string, type: DocumentSummary['type'], status: DocumentSummary['status'] = 'ok'): DocumentSummary => ({
      docId,
      name: `${docId}.pdf`,
      status,
      statusDetail: status === 'ok' ? 'text extracted' : 'corrupt PDF',
      type,
      typeReason: 'test',
      pages: 1,
      characters: 100,
    });
    const result = checkDocuments('visitor-visa', [doc('form', 'imm-5257'), doc('passport', 'passport', 'corrupt'), doc('letter', 'invitation-letter')]);
    expect(result.present.map((e) => e.item)).toEqual(['application-form', 'purpose-of-visit']);
    expect(result.problem.map((e) => e.item)).toEqual(['passport']);
    expect(result.missing.map((e) => e.item)).toEqual(['proof-of-funds', 'ties-to-home', 'family-information', 'representative']);
    expect(result.missing[0].reason).toBe('required: the officer must be satisfied the visit can be paid for');
  });
});
