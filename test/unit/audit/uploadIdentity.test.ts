import { AUDIT_ID_PATTERN, auditIdFromSeed, newAuditId } from '../../../lambdas/core/audit/auditId';
import { uploadIdOf } from '../../../lambdas/core/audit/uploadStartRecords';
import { readAuditDefaults, AuditDefaultsInvalid } from '../../../lambdas/core/audit/auditDefaults';

describe('the identity of an uploaded audit request', () => {
  const upload = { bucket: 'b', key: 'cases/alice/c1/audit.json', versionId: 'v1' };

  it('is the same for every delivery of one version and different for another version, key or bucket', () => {
    expect(uploadIdOf(upload)).toBe(uploadIdOf({ ...upload }));
    expect(uploadIdOf({ ...upload, versionId: 'v2' })).not.toBe(uploadIdOf(upload));
    expect(uploadIdOf({ ...upload, key: 'cases/bob/c1/audit.json' })).not.toBe(uploadIdOf(upload));
    expect(uploadIdOf({ ...upload, bucket: 'other' })).not.toBe(uploadIdOf(upload));
    // Without versions (a local bucket), S3's sequencer tells writes apart.
    const unversioned = { bucket: 'b', key: upload.key };
    expect(uploadIdOf({ ...unversioned, sequencer: '01' })).not.toBe(uploadIdOf({ ...unversioned, sequencer: '02' }));
  });

  it('gives a deterministic, time-ordered audit id of the usual shape', () => {
    const at = new Date('2026-03-02T15:04:05Z');
    const id = auditIdFromSeed('seed-a', at);
    expect(id).toMatch(AUDIT_ID_PATTERN);
    expect(auditIdFromSeed('seed-a', at)).toBe(id);
    expect(auditIdFromSeed('seed-b', at)).not.toBe(id);
    expect(id.slice(0, 14)).toBe(newAuditId(at).slice(0, 14));
  });
});

describe('deployment defaults for audit requests', () => {
  it('reads tier, model and gate mode from the environment, ignoring unset values', () => {
    expect(readAuditDefaults({ CASE_AUDIT_DEFAULT_TIER: 'pro', CASE_AUDIT_GATE_MODE: 'demo', CASE_AUDIT_DEFAULT_MODEL: '' })).toEqual({ tier: 'pro', gateMode: 'demo' });
    expect(readAuditDefaults({})).toEqual({});
  });

  it('names the variable that is wrong', () => {
    expect(() => readAuditDefaults({ CASE_AUDIT_DEFAULT_TIER: 'gold' })).toThrow(AuditDefaultsInvalid);
    expect(() => readAuditDefaults({ CASE_AUDIT_DEFAULT_TIER: 'gold' })).toThrow(/CASE_AUDIT_DEFAULT_TIER is not valid \("gold"\)/);
  });
});
