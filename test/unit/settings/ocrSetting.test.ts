import { readAuditSettings } from '../../../lambdas/core/settings/auditSettings';
import { OcrSettingInvalid, readOcrSetting } from '../../../lambdas/core/settings/ocrSetting';
import { UsageError } from '../../../local/run/exitCodes';
import { checkSettingFlags, withSettingFlags } from '../../../local/run/settingFlags';

/**
 * The `ocr` setting: CASE_AUDIT_OCR (off, local or textract, any case), overridden by `--ocr`;
 * unset, the audit carries none and Intake applies its default. A value it does not know is a
 * typed error naming it, and on the command line a usage error (exit 2), before any audit starts.
 */
describe('the ocr setting', () => {
  it('reads off, local and textract from CASE_AUDIT_OCR, ignoring case and spaces', () => {
    expect(readOcrSetting({ CASE_AUDIT_OCR: 'off' })).toBe('off');
    expect(readOcrSetting({ CASE_AUDIT_OCR: ' Textract ' })).toBe('textract');
    expect(readAuditSettings({ CASE_AUDIT_OCR: 'LOCAL' }).ocr).toBe('local');
  });

  it('leaves the setting out when CASE_AUDIT_OCR is unset or empty (Intake decides the default)', () => {
    expect(readOcrSetting({})).toBeUndefined();
    expect(readOcrSetting({ CASE_AUDIT_OCR: '  ' })).toBeUndefined();
    expect(readAuditSettings({})).not.toHaveProperty('ocr');
  });

  it('names an unknown value in a typed error', () => {
    expect(() => readOcrSetting({ CASE_AUDIT_OCR: 'tesseract' })).toThrow(OcrSettingInvalid);
    expect(() => readOcrSetting({ CASE_AUDIT_OCR: 'tesseract' })).toThrow("CASE_AUDIT_OCR is 'tesseract'; use off, local or textract");
  });

  it('lets --ocr win over CASE_AUDIT_OCR, so a job handed to the host carries the flag', () => {
    expect(readAuditSettings(withSettingFlags({ CASE_AUDIT_OCR: 'textract' }, { ocr: 'OFF' })).ocr).toBe('off');
    expect(withSettingFlags({ CASE_AUDIT_OCR: 'textract' }, {})).toEqual({ CASE_AUDIT_OCR: 'textract' });
  });

  it('makes a bad --ocr, or a bad CASE_AUDIT_OCR without the flag, a usage error', () => {
    expect(() => checkSettingFlags({ ocr: 'cloud' }, {})).toThrow(UsageError);
    expect(() => checkSettingFlags({}, { CASE_AUDIT_OCR: 'cloud' })).toThrow(new UsageError("CASE_AUDIT_OCR is 'cloud'; use off, local or textract"));
    // The flag replaces the variable: a good flag over a bad variable is fine.
    expect(() => checkSettingFlags({ ocr: 'local' }, { CASE_AUDIT_OCR: 'cloud' })).not.toThrow();
  });
});
