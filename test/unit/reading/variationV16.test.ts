/**
 * The application and the document types on the v16 variation set (test/corpus/reading/{en,fr}/v16-*):
 * whole small case folders in English and French — Quebec and out-of-Quebec study, LMIA-based and
 * LMIA-exempt work permits (an intra-corporate transferee, a PGWP, an International Experience Canada
 * working holiday, a skilled worker's spouse), super visas and "tourist visas", Express Entry classes,
 * spousal, common-law and conjugal sponsorships inside and outside Canada — read through the real reader,
 * with the corpus's label conventions (test/corpus/reading/README.md, "Conventions").
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractedCorpusFile, readCorpusFolder } from './corpusItem';
import { readDocumentType } from '../../../lambdas/agents/intake/documents/typing/readDocumentType';



const typing = (item: string, file: string) => readDocumentType(extractedCorpusFile(item, file));

const readItem = readCorpusFolder;
const CORPUS = join(__dirname, '..', '..', 'corpus', 'reading');

describe('what a whole case folder applies for', () => {
  it.each([
    ['fr/v16-etudes-montreal-caq', 'study-permit', ['quebec-caq']],
    ['en/v16-lmia-caregiver-offer', 'work-permit', ['lmia']],
    ['fr/v16-travail-eimt-quebec', 'work-permit', ['lmia', 'quebec-caq']],
    ['en/v16-intra-corporate-transferee', 'work-permit', ['lmia-exempt:intra-company-transferee']],
    ['fr/v16-transfert-intra-entreprise', 'work-permit', ['lmia-exempt:intra-company-transferee']],
    ['en/v16-working-holiday-iec', 'work-permit', ['lmia-exempt:iec']],
    ['fr/v16-pvt-vacances-travail', 'work-permit', ['lmia-exempt:iec']],
    ['fr/v16-epoux-travailleur-permis-ouvert', 'work-permit', ['lmia-exempt:open-spousal']],
    ['en/v16-ee-skilled-worker-abroad', 'permanent-residence', ['express-entry', 'express-entry:fsw']],
    ['fr/v16-entree-express-metiers', 'permanent-residence', ['express-entry', 'express-entry:fst']],
    ['en/v16-cec-holds-graduate-permit', 'permanent-residence', ['express-entry', 'express-entry:cec']],
    ['en/v16-parents-long-stay-visa', 'super-visa', []],
    ['fr/v16-super-visa-grands-parents', 'super-visa', []],
    ['en/v16-tourist-visa-sister-study', 'visitor-visa', []],
    ['fr/v16-visa-touristique-fille-etudiante', 'visitor-visa', []],
  ])('reads %s as %s with exactly the sub-kinds %j', (item, kind, subKinds) => {
    const { facts, text } = readItem(item);
    expect(facts.application.kind).toBe(kind);
    expect([...facts.application.subKinds].sort()).toEqual([...subKinds].sort());
    expect(facts.application.isRefusal).toBe(false);
    for (const e of facts.application.evidence) expect(text).toContain(e.quote);
  });

  it('reads a post-graduation work permit asked for on the in-Canada worker form, in English and French', () => {
    for (const item of ['en/v16-pgwp-graduate-form', 'fr/v16-ptpd-formulaire-interieur']) {
      expect(readItem(item).facts.application).toMatchObject({ kind: 'work-permit', subKinds: ['lmia-exempt:pgwp'], applicantLocation: 'inside-canada' });
    }
  });

  it('reads a study permit outside Quebec whose letter names the CAQ only as not required, without the Quebec sub-kind', () => {
    expect(readItem('fr/v16-etudes-ottawa-sans-caq').facts.application).toMatchObject({ kind: 'study-permit', subKinds: [] });
  });

  it('does not take a held permit, a relative’s permit or a past tourist stay for the application or its place', () => {
    // A PGWP held by a CEC candidate; a sister's and a daughter's study permits; a cousin's refused visa; « j'ai déjà séjourné au Canada comme touriste ».
    expect(readItem('en/v16-cec-holds-graduate-permit').facts.application.subKinds).not.toContain('lmia-exempt:pgwp');
    expect(readItem('en/v16-tourist-visa-sister-study').facts.application.kind).toBe('visitor-visa');
    expect(readItem('en/v16-college-admission-ocr').facts.application).toMatchObject({ kind: 'study-permit', isRefusal: false });
    expect(readItem('fr/v16-pvt-vacances-travail').facts.application.applicantLocation).toBe('unknown');
  });
});

describe('sponsorships: which relationship, and from where', () => {
  it.each([
    ['en/v16-spousal-resides-with-sponsor', 'spousal-sponsorship', 'inland', 'inside-canada'],
    ['fr/v16-parrainage-epouse-reside-au-canada', 'spousal-sponsorship', 'inland', 'inside-canada'],
    ['en/v16-spouse-forms-unnumbered', 'spousal-sponsorship', 'outland', 'outside-canada'],
    ['en/v16-common-law-partner-abroad', 'common-law-sponsorship', 'outland', 'outside-canada'],
    ['fr/v16-conjoint-de-fait-cameroun', 'common-law-sponsorship', 'outland', 'outside-canada'],
    ['en/v16-conjugal-cannot-cohabit', 'conjugal-sponsorship', 'outland', 'outside-canada'],
  ])('reads %s as %s, %s', (item, kind, place, location) => {
    const { facts } = readItem(item);
    expect(facts.application).toMatchObject({ kind, subKinds: [place], applicantLocation: location, isRefusal: false });
  });

  it('keeps the open work permit asked for beside an in-Canada sponsorship inside the sponsorship', () => {
    expect(readItem('en/v16-spousal-resides-with-sponsor').facts.application.kind).toBe('spousal-sponsorship');
  });
});

describe('typing by the Conventions', () => {
  it('types a relationship form transcribed under its own title without its number as the IMM 5532, and a representative’s questionnaire as other', () => {
    expect(typing('en/v16-spouse-forms-unnumbered', 'relationship-part-b.txt').type).toBe('imm-5532');
    const questionnaire = typing('en/v16-spouse-forms-unnumbered', 'intake-questionnaire.txt');
    expect(questionnaire.type).toBe('other');
    expect(questionnaire.confidence).toBeLessThan(0.6);
  });

  it.each([
    ['en/v16-common-law-partner-abroad', 'sponsor-note.txt'],
    ['en/v16-tourist-visa-sister-study', 'purpose-letter.txt'],
    ['fr/v16-etudes-montreal-caq', 'lettre-motivation.txt'],
    ['fr/v16-epoux-travailleur-permis-ouvert', 'lettre-demande.txt'],
    ['fr/v16-parrainage-epouse-reside-au-canada', 'lettre-repondant.txt'],
    ['fr/v16-pvt-vacances-travail', 'lettre-presentation-pvt.txt'],
  ])('types the untitled letter %s %s, in which the writer asks or explains, as a submission letter', (item, file) => {
    expect(typing(item, file).type).toBe('submission-letter');
  });

  it('types an intra-company transfer letter as a job offer and the home employer’s attestation as an employment letter', () => {
    expect(typing('en/v16-intra-corporate-transferee', 'assignment-letter.txt').type).toBe('job-offer');
    expect(typing('en/v16-intra-corporate-transferee', 'service-certificate.txt').type).toBe('employment-letter');
    expect(typing('fr/v16-transfert-intra-entreprise', 'lettre-appui.txt').type).toBe('job-offer');
    expect(typing('fr/v16-transfert-intra-entreprise', 'attestation-employeur.txt').type).toBe('employment-letter');
  });

  it('types an employer’s leave approval as an employment letter, a host’s super visa letter as an invitation, and e-mails as communication records', () => {
    expect(typing('en/v16-tourist-visa-sister-study', 'leave-approval.txt').type).toBe('employment-letter');
    expect(typing('en/v16-parents-long-stay-visa', 'host-letter.txt').type).toBe('invitation-letter');
    expect(typing('fr/v16-travail-eimt-quebec', 'courriel-travailleur.txt').type).toBe('communication-records');
  });

  it('reads an OCR-noisy letter of acceptance as one', () => {
    expect(typing('en/v16-college-admission-ocr', 'acceptance-scan.pdf.txt').type).toBe('letter-of-acceptance');
  });

  it('is never confidently wrong on the set: every document typed at 0.6 or more has its expected type', () => {
    for (const language of ['en', 'fr']) {
      for (const item of readdirSync(join(CORPUS, language)).filter((d) => d.startsWith('v16-'))) {
        const expected = JSON.parse(readFileSync(join(CORPUS, language, item, 'expected.json'), 'utf8')) as { documents: Record<string, { type: string }> };
        for (const file of readdirSync(join(CORPUS, language, item)).filter((f) => f !== 'expected.json')) {
          const t = typing(`${language}/${item}`, file);
          const want = expected.documents[file.replace(/\.(pdf|docx)\.txt$/, '.$1')]?.type;
          expect(want).toBeDefined();
          if (t.confidence >= 0.6) expect(t.type).toBe(want);
        }
      }
    }
  });
});
