import { createHash } from 'node:crypto';
import { AuditRequest } from '../../../lambdas/core/audit/auditRequest';
import { caseIdFromFolderName } from '../../../lambdas/core/audit/caseIdFromName';

const HASH = '[0-9a-f]{8}';
const hashOf = (name: string) => createHash('sha256').update(name.normalize('NFC'), 'utf8').digest('hex').slice(0, 8);
const acceptedByAuditRequest = (caseId: string) => AuditRequest.shape.caseId.safeParse(caseId).success;

describe('caseIdFromFolderName', () => {
  it.each([
    ['a lower-case name with dashes', 'study-permit-document-list'],
    ['a mixed-case name with "_" and "."', 'Mensah_2026.v2'],
    ['the word "case" itself', 'case'],
    ['a name of exactly 128 characters', 'A'.repeat(128)],
  ])('keeps %s, already a valid caseId, as it is', (_what, name) => {
    expect(caseIdFromFolderName(name)).toBe(name);
  });

  it('bounds a 200-character ASCII name and marks it with a hash of the whole name', () => {
    const name = 'x'.repeat(200);
    const id = caseIdFromFolderName(name);
    expect(id).toBe(`${'x'.repeat(64)}-${hashOf(name)}`);
    expect(acceptedByAuditRequest(id)).toBe(true);
  });

  it('tells apart long names that differ only after the cut', () => {
    const base = 'refusal-analysis-for-client-'.repeat(8);
    expect(caseIdFromFolderName(`${base}one`)).not.toBe(caseIdFromFolderName(`${base}two`));
  });

  it('removes accents: "Étude Côté" reads etude-cote', () => {
    expect(caseIdFromFolderName('Étude Côté')).toBe(`etude-cote-${hashOf('Étude Côté')}`);
  });

  it('spells Latin letters that have no accent to remove', () => {
    expect(caseIdFromFolderName('Straße Łódź Øresund Æsir Đorđe')).toMatch(new RegExp(`^strasse-lodz-oresund-aesir-dorde-${HASH}$`));
  });

  it('transliterates Greek', () => {
    expect(caseIdFromFolderName('Ωμέγα')).toMatch(new RegExp(`^omega-${HASH}$`));
    expect(caseIdFromFolderName('Κουτσούκος Γιώργος')).toMatch(new RegExp(`^koutsoukos-giorgos-${HASH}$`));
  });

  it('transliterates Cyrillic, including letters that decomposition would blur', () => {
    expect(caseIdFromFolderName('Иванов Пётр Йосифович')).toMatch(new RegExp(`^ivanov-pyotr-yosifovich-${HASH}$`));
    expect(caseIdFromFolderName('Шевченко Ї')).toMatch(new RegExp(`^shevchenko-yi-${HASH}$`));
  });

  it.each(['北京案件', '---', '   ', '', '..', '🙂'])('gives %j, with nothing to spell in ASCII, case-<hash> of its own', (name) => {
    expect(caseIdFromFolderName(name)).toBe(`case-${hashOf(name)}`);
  });

  it('never gives two unspellable names the shared caseId "case"', () => {
    const ids = ['北京案件', '上海案件', 'Ωμ', '---', '___', '   '].map((n) => caseIdFromFolderName(n));
    expect(ids).not.toContain('case');
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps the readable part of a name mixing scripts, and the hash tells such names apart', () => {
    const beijing = caseIdFromFolderName('Jean-François — dossier 北京');
    const shanghai = caseIdFromFolderName('Jean-François — dossier 上海');
    expect(beijing).toMatch(new RegExp(`^jean-francois-dossier-${HASH}$`));
    expect(shanghai).toMatch(new RegExp(`^jean-francois-dossier-${HASH}$`));
    expect(beijing).not.toBe(shanghai);
  });

  it('gives distinct caseIds to names that differ only in punctuation or case', () => {
    const names = ['A B', 'a b', 'a  b', 'A-B', 'a-b', 'a_b', 'a.b', 'a—b', 'A_B'];
    const ids = names.map((n) => caseIdFromFolderName(n));
    expect(new Set(ids).size).toBe(names.length);
    expect(caseIdFromFolderName('A B')).toMatch(new RegExp(`^a-b-${HASH}$`));
  });

  it('is the same for composed and decomposed spellings of a name, as macOS and Linux may return them', () => {
    expect(caseIdFromFolderName('Étude Côté'.normalize('NFD'))).toBe(caseIdFromFolderName('Étude Côté'.normalize('NFC')));
  });

  it('depends on nothing but the name: the hash is the first eight hex digits of its sha256 in NFC', () => {
    expect(caseIdFromFolderName('Mensah 2026')).toBe('mensah-2026-' + createHash('sha256').update('Mensah 2026').digest('hex').slice(0, 8));
  });

  it.each([
    ['200 ASCII letters', 'x'.repeat(200)],
    ['300 CJK characters', '北'.repeat(300)],
    ['300 Greek capitals', 'Ω'.repeat(300)],
    ['300 accented letters', 'é'.repeat(300)],
    ['a leading dot', '.hidden'],
    ['a leading dash', '-leading-dash'],
    ['a trailing dot and a space', 'trailing dot.'],
    ['a tab', 'tab\there'],
    ['a line break', 'new\nline'],
    ['Hebrew and digits', 'עברית 2026'],
    ['Arabic', 'العربية'],
    ['a ligature and full-width digits', 'ﬁle ２０２６'],
    ['a dotted capital I', 'İstanbul dosyası'],
    ['punctuation and an em dash', 'Mensah, K. (2026) — study permit'],
    ['a NUL character', '\u0000'],
  ])('always gives a caseId that AuditRequest accepts, for a name with %s', (_what, name) => {
    const id = caseIdFromFolderName(name);
    expect(acceptedByAuditRequest(id)).toBe(true);
    expect(id).not.toBe('case');
  });
});
