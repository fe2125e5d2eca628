import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkDocuments } from '../../../lambdas/core/checklists/documentChecklist';
import { CHECKLISTS_FILE, ChecklistsInvalid, checklistFor, parsePrograms } from '../../../lambdas/core/checklists/loadChecklists';
import type { DocumentSummary } from '../../../lambdas/contracts/intakeOutput';
import type { Application } from '../../../lambdas/contracts/caseFacts';

/** The application facts a checklist needs: the kind and the sub-kinds the reader found. */
const facts = (kind: Application['kind'], ...subKinds: string[]): Pick<Application, 'kind' | 'subKinds'> => ({ kind, subKinds });

const doc = (name: string, type: DocumentSummary['type']): DocumentSummary => ({
  docId: name,
  name,
  status: 'ok',
  statusDetail: 'text extracted',
  type,
  typeReason: 'test',
  pages: 1,
  characters: 100,
});

const ids = (items: Array<{ id: string }>): string[] => items.map((i) => i.id);
const missingIds = (c: ReturnType<typeof checkDocuments>): string[] => c.missing.map((m) => m.item);

describe('checklists follow the program the case facts name', () => {
  it('without facts, a type keeps its general checklist', () => {
    expect(ids(checklistFor('work-permit'))).toContain('lmia');
    expect(ids(checklistFor('study-permit'))).not.toContain('caq');
  });

  describe('Quebec study (IRPR 216(3))', () => {
    it('asks for the CAQ when the study permit is for Quebec, and not otherwise', () => {
      expect(ids(checklistFor('study-permit', facts('study-permit', 'quebec-caq')))).toContain('caq');
      expect(ids(checklistFor('study-permit', facts('study-permit')))).not.toContain('caq');
    });

    it('lists the CAQ missing until a CAQ is in the file', () => {
      const quebec = facts('study-permit', 'quebec-caq');
      const files = [doc('form.pdf', 'imm-1294'), doc('admission.pdf', 'letter-of-acceptance'), doc('bank.pdf', 'bank-statement')];
      expect(missingIds(checkDocuments('study-permit', files, quebec))).toContain('caq');
      const withCaq = checkDocuments('study-permit', [...files, doc('caq.pdf', 'caq')], quebec);
      expect(missingIds(withCaq)).not.toContain('caq');
      expect(withCaq.present.find((p) => p.item === 'caq')?.documents).toEqual(['caq.pdf']);
    });
  });

  describe('LMIA-exempt work permits (IRPR 204–205)', () => {
    it('never lists an LMIA missing for an exempt permit, whatever the exemption', () => {
      for (const basis of ['intra-company-transferee', 'pgwp', 'open-spousal', 'cusma-professional']) {
        const checklist = checkDocuments('work-permit', [doc('form.pdf', 'imm-1295')], facts('work-permit', `lmia-exempt:${basis}`));
        expect(missingIds(checklist)).not.toContain('lmia');
      }
    });

    it('still lists the LMIA missing for a permit the facts say needs one', () => {
      expect(missingIds(checkDocuments('work-permit', [doc('form.pdf', 'imm-1295')], facts('work-permit', 'lmia')))).toContain('lmia');
    });

    it('asks an intra-company transferee for the transfer letter and the employment abroad, accepting an employment letter', () => {
      const ict = facts('work-permit', 'lmia-exempt:intra-company-transferee');
      const items = checklistFor('work-permit', ict);
      expect(items.find((i) => i.id === 'job-offer')?.label).toMatch(/transfer letter/i);
      expect(items.find((i) => i.id === 'job-offer')?.accepts).toEqual(expect.arrayContaining(['job-offer', 'employment-letter']));
      const checklist = checkDocuments('work-permit', [doc('form.pdf', 'imm-1295'), doc('transfer.pdf', 'employment-letter')], ict);
      expect(missingIds(checklist)).toContain('passport');
      expect(missingIds(checklist)).not.toContain('job-offer');
    });

    it('asks an open permit (post-graduation, spouse) for no job offer', () => {
      for (const sub of ['lmia-exempt:pgwp', 'lmia-exempt:open-spousal']) {
        expect(ids(checklistFor('work-permit', facts('work-permit', sub)))).not.toContain('job-offer');
      }
    });
  });

  describe('super visa', () => {
    it('asks for the host’s invitation and the host’s income, and says the thresholds are to be checked', () => {
      const items = checklistFor('visitor-visa', facts('super-visa'));
      expect(items.find((i) => i.id === 'purpose-of-visit')?.accepts).toEqual(['invitation-letter']);
      const income = items.find((i) => i.id === 'host-income');
      expect(income).toMatchObject({ required: true });
      expect(income?.why).toMatch(/check/);
    });

    it('is missing the host’s income when only the invitation is in', () => {
      const checklist = checkDocuments('visitor-visa', [doc('form.pdf', 'imm-5257'), doc('invitation.pdf', 'invitation-letter')], facts('super-visa'));
      expect(missingIds(checklist)).toContain('host-income');
      expect(missingIds(checklist)).not.toContain('purpose-of-visit');
    });

    it('leaves an ordinary visitor visa without the super visa items', () => {
      expect(ids(checklistFor('visitor-visa', facts('visitor-visa')))).not.toContain('host-income');
    });
  });

  describe('Express Entry', () => {
    it('asks for the work experience letters, police certificates and medical for every class', () => {
      for (const cls of ['cec', 'fsw', 'fst']) {
        expect(ids(checklistFor('unknown', facts('permanent-residence', 'express-entry', `express-entry:${cls}`)))).toEqual(
          expect.arrayContaining(['passport', 'work-experience', 'police-certificate', 'medical-exam']),
        );
      }
    });

    it('asks for settlement funds from federal skilled worker and trades applicants, not from the Canadian experience class', () => {
      expect(ids(checklistFor('unknown', facts('permanent-residence', 'express-entry:fsw')))).toContain('proof-of-funds');
      expect(ids(checklistFor('unknown', facts('permanent-residence', 'express-entry:fst')))).toContain('proof-of-funds');
      expect(ids(checklistFor('unknown', facts('permanent-residence', 'express-entry:cec')))).not.toContain('proof-of-funds');
    });
  });

  describe('the programs in the data file', () => {
    const raw = (): Record<string, any> => JSON.parse(readFileSync(join(__dirname, '../../..', CHECKLISTS_FILE), 'utf8'));

    it('refuses a program that adds an unknown shared item, naming it', () => {
      const file = raw();
      file.programs[0].add.push({ use: 'no-such-item' });
      expect(() => parsePrograms('checklists.json', file)).toThrow(ChecklistsInvalid);
      expect(() => parsePrograms('checklists.json', file)).toThrow(/no shared item 'no-such-item'/);
    });

    it('refuses a program that matches nothing', () => {
      const file = raw();
      file.programs[0].when = {};
      expect(() => parsePrograms('checklists.json', file)).toThrow(/needs kinds and\/or subKinds/);
    });
  });
});
