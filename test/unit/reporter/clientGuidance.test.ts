import { renderReport } from '../../../lambdas/agents/reporter/renderReport';
import type { ReportModel } from '../../../lambdas/agents/reporter/reportModel';
import { NO_PROMISE } from '../../../lambdas/agents/reporter/sections/clientGuidance';
import type { DocumentSummary } from '../../../lambdas/contracts/intakeOutput';
import { BENIGN_NAMES, studyPermitReport } from './reportFixture';
import { RAW, shown } from './hostileSamples';
import { count, fromOurMarkupOnly, headings, parse, section, structure, visible } from './markdownParse';
import { ownWording, promiseClaims } from './promiseLanguage';

const REQUEST = 'Please confirm my visa will be approved before I pay the second instalment.';
const LETTER = 'letter-to-consultant.txt';

/** A client-guidance audit as it runs: intake, then the reporter (no gatekeeper, research or verification). */
function guidanceReport(names: readonly string[] = BENIGN_NAMES): ReportModel {
  const base = studyPermitReport(names);
  return { ...base, gatekeeper: undefined, detective: undefined, verifier: undefined, stageStatus: { intake: 'ok', reporter: 'ok' } };
}

/** The same file with a letter from the client that asks for a promise of approval. */
function askingForPromise(letter = LETTER): ReportModel {
  const m = guidanceReport();
  const doc: DocumentSummary = { docId: letter, name: letter, status: 'ok', statusDetail: 'text extracted', type: 'other', typeReason: 'test fixture', pages: 1, characters: 200 };
  m.intake = {
    ...m.intake,
    documents: [...m.intake.documents, doc],
    profile: {
      ...m.intake.profile,
      otherFacts: [...m.intake.profile.otherFacts, { label: 'Request to the representative', fact: { value: 'Please confirm my visa will be approved', evidence: { docId: letter, page: 1, quote: REQUEST } } }],
    },
  };
  return m;
}

const guidance = (m: ReportModel) => parse(renderReport(m));

describe('client guidance', () => {
  it('gives the sections a client needs, in order: what to do now first, the appendix last', () => {
    const all = headings(guidance(guidanceReport()));
    expect(all.slice(all.indexOf('h2 Your guidance') + 1)).toEqual([
      'h3 What to do now',
      'h3 What to avoid',
      'h3 What nobody can promise',
      'h3 What we received',
      'h2 Appendix: how this audit ran',
      'h3 Stages',
      'h3 Applicant profile',
      'h3 Documents',
      'h2 Appendix: evidence',
    ]);
  });

  it('lists readable copies of the unreadable documents first, then the checklist’s missing items, required first, then the next step', () => {
    const todo = section(guidance(guidanceReport()), 'What to do now');
    expect(todo.slice(0, 4).map((l) => l.slice(0, l.indexOf(': ')))).toEqual(BENIGN_NAMES.filter((_, i) => [1, 2, 3, 5].includes(i)).map((n) => `Send a new, readable copy of ${n}`));
    expect(todo[4]).toBe("Add: Family information form (IMM 5645 or IMM 5707). Why: IRCC requires details of the applicant's family members.");
    expect(todo[5]).toBe('If you can, add: Study plan / letter of explanation. Why: explains why this program, why Canada, and plans after studies.');
    expect(todo[todo.length - 1]).toMatch(/^Next step: Send these to your representative\./);
  });

  it('uses the gatekeeper’s checklist when that stage ran', () => {
    const m = studyPermitReport(BENIGN_NAMES);
    m.gatekeeper = { ...m.gatekeeper!, checklist: { ...m.gatekeeper!.checklist, missing: [{ item: 'x', label: 'Marriage certificate', required: true, documents: [], reason: 'required: proves the marriage' }] } };
    expect(section(guidance(m), 'What to do now')).toContain('Add: Marriage certificate. Why: proves the marriage.');
  });

  it('says the list covers only what every application needs when the application type is not recognised', () => {
    const m = guidanceReport();
    m.intake = { ...m.intake, applicationType: 'unknown', documents: m.intake.documents.filter((d) => d.status === 'ok') };
    expect(section(guidance(m), 'What to do now').slice(0, 2)).toEqual([
      'We could not tell yet which application this is. This list covers only what every application needs.',
      'Add: Passport (biographic page). Why: identity and travel document validity are checked for every application.',
    ]);
  });

  it('names a refusal file by the refusal and the refused kind, and asks for the officer’s GCMS notes', () => {
    const m = guidanceReport();
    m.gatekeeper = undefined;
    m.intake = { ...m.intake, applicationType: 'study-permit', refusal: { reason: 'refusal letter and no new application forms' } };
    const text = renderReport(m);
    expect(text).toContain('Response to a refusal (Study permit)');
    expect(section(guidance(m), 'What to do now').join('\n')).toMatch(/Add: GCMS notes/);
  });

  it('says nothing is to be sent when every listed document is in the file and readable', () => {
    const m = studyPermitReport(BENIGN_NAMES);
    m.intake = { ...m.intake, documents: m.intake.documents.filter((d) => d.status === 'ok') };
    m.gatekeeper = { ...m.gatekeeper!, checklist: { ...m.gatekeeper!.checklist, missing: [] } };
    expect(section(guidance(m), 'What to do now')[0]).toMatch(/^Nothing to send right now\./);
  });

  it('asks the client to check what was read from a scan, in the list of what was received', () => {
    const m = guidanceReport();
    const [first, ...rest] = m.intake.documents;
    m.intake = { ...m.intake, documents: [{ ...first!, ocr: { pages: [1], confidence: 0.67 } }, ...rest] };
    const received = section(parse(renderReport(m)), 'What we received');
    expect(received).toContain(`${first!.name} (${first!.pages === 1 ? '1 page' : `${first!.pages} pages`}, read from a scan: please check the details we took from it)`);
    // Only the scan says so.
    expect(received.filter((l) => l.includes('read from a scan'))).toHaveLength(1);
  });

  it('speaks French to a client whose documents are in French', () => {
    const m = guidanceReport();
    const reading = (docId: string, language: 'fr' | 'en') => ({ docId, type: 'other' as const, typeConfidence: 0.9, typeSignals: [], language });
    m.intake = {
      ...m.intake,
      caseFacts: {
        documents: [reading(BENIGN_NAMES[0], 'fr'), reading(BENIGN_NAMES[1], 'fr'), reading(BENIGN_NAMES[4], 'en')],
        parties: [],
        application: { kind: 'study-permit', subKinds: [], reason: 'test', applicantLocation: 'outside-canada', isRefusal: false, evidence: [], confidence: 0.9 },
        timeline: [],
        declarations: [],
        money: [],
        officerFindings: [],
        conflicts: [],
      },
    };
    const md = renderReport(m);
    expect(md.startsWith('> **Disclaimer.** Ces conseils décrivent les documents que vous avez envoyés.')).toBe(true);
    const todo = section(parse(md), 'Ce qu’il faut faire maintenant');
    expect(todo).toContain('Ajoutez : Formulaire de renseignements sur la famille. Pourquoi : les membres de votre famille doivent être déclarés.');
    expect(todo[todo.length - 1]).toMatch(/^Prochaine étape : Envoyez ces documents à votre représentant\./);
  });

  it('warns against inconsistent answers, documents that contradict the forms and paying anyone who promises a visa', () => {
    const avoid = section(guidance(guidanceReport()), 'What to avoid').join('\n');
    expect(avoid).toMatch(/Giving different answers in different places/);
    expect(avoid).toMatch(/Sending a document that says something different from your forms/);
    expect(avoid).toMatch(/Paying anyone who promises you a visa/);
  });

  it('draws no legal conclusion about the file', () => {
    const text = section(guidance(askingForPromise()), 'Your guidance').join('\n');
    expect(text).not.toMatch(/misrepresentation|inadmissib|IRPA|IRPR|refusal trigger|Defensibility|verdict|likely to be (approved|refused)/i);
  });

  it('says plainly that nobody can promise a result, even when nobody asked', () => {
    expect(section(guidance(guidanceReport()), 'What nobody can promise')).toEqual([NO_PROMISE]);
  });

  it('refuses to promise a result when the client’s own letter asks for one', () => {
    const tokens = guidance(askingForPromise());
    expect(section(tokens, 'What nobody can promise')).toEqual([`One of your documents (${LETTER}) asks us to promise a result. We cannot give one.`, NO_PROMISE]);
    expect(promiseClaims(section(tokens, 'Your guidance').join('\n'))).toEqual([]);
    // The request itself is quoted in the case summary as the client's words; nothing else in the report promises.
    expect(promiseClaims(ownWording(renderReport(askingForPromise()), [REQUEST, 'Please confirm my visa will be approved']))).toEqual([]);
  });

  it('does not read an ordinary declaration as a request for a promise', () => {
    const m = guidanceReport();
    const declaration = 'I certify that the information given in this study permit application is true, complete and correct.';
    m.intake = { ...m.intake, profile: { ...m.intake.profile, declarations: [{ value: declaration, evidence: { docId: BENIGN_NAMES[0], page: 4, quote: declaration } }] } };
    expect(section(guidance(m), 'What nobody can promise')).toEqual([NO_PROMISE]);
  });

  it('recognises other ways of asking for a promise', () => {
    for (const ask of ['Can you guarantee approval of my permit?', 'Could you tell me my application will definitely be accepted?', 'Promise me the visa would be granted.']) {
      const m = guidanceReport();
      m.intake = { ...m.intake, profile: { ...m.intake.profile, declarations: [{ value: ask, evidence: { docId: 'email.txt', quote: ask } }] } };
      expect([ask, section(guidance(m), 'What nobody can promise')[0]]).toEqual([ask, 'One of your documents (email.txt) asks us to promise a result. We cannot give one.']);
    }
  });

  it('names every document that asks for a promise, and a gatekeeper finding of promise wording too', () => {
    const m = askingForPromise();
    m.gatekeeper = { ...studyPermitReport(BENIGN_NAMES).gatekeeper!, outcomePromises: [{ docId: 'wedding photos.docx', page: 1, quote: 'we make sure you get your permit' }] };
    expect(section(guidance(m), 'What nobody can promise')[0]).toBe(
      `Some of your documents (${LETTER}, wedding photos.docx) ask us to promise a result. We cannot give one.`,
    );
  });

  it.each(RAW.map((raw) => [visible(raw), raw]))('keeps the refusal intact when the asking letter is named %s', (_title, raw) => {
    const tokens = guidance(askingForPromise(raw));
    const benign = guidance(askingForPromise());
    expect(structure(tokens)).toEqual(structure(benign));
    expect(count(tokens, 'list_item_open')).toBe(count(benign, 'list_item_open'));
    expect(fromOurMarkupOnly(tokens)).toEqual(fromOurMarkupOnly(benign));
    expect(section(tokens, 'What nobody can promise')).toEqual([`One of your documents (${shown(raw)}) asks us to promise a result. We cannot give one.`, NO_PROMISE]);
  });
});

describe('client guidance names every kind of application in both languages', () => {
  it('has an English and a French label for each application type, and the report labels each', () => {
    const { APPLICATION_TYPES } = require('../../../lambdas/contracts/intakeOutput') as typeof import('../../../lambdas/contracts/intakeOutput');
    const lexicon = require('../../../lambdas/agents/reporter/sections/clientGuidance.lexicon.json');
    const { applicationLabel } = require('../../../lambdas/agents/reporter/sections/caseSummary') as typeof import('../../../lambdas/agents/reporter/sections/caseSummary');
    for (const type of APPLICATION_TYPES) {
      for (const language of Object.keys(lexicon).filter((k) => !k.startsWith('$'))) expect([language, type, typeof lexicon[language].applicationTypes[type]]).toEqual([language, type, 'string']);
      expect(applicationLabel(type)).not.toBe(type);
    }
  });
});
