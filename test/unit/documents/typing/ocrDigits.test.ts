import { readOcrDigits } from '../../../../lambdas/agents/intake/documents/typing/ocrDigits';

describe('readOcrDigits: OCR digits read back as the letters they stand for', () => {
  it('reads 0 as o and 1 as l inside words, in the case of the word', () => {
    expect(readOcrDigits('T0 WH0M IT MAY C0NCERN')).toBe('TO WHOM IT MAY CONCERN');
    expect(readOcrDigits('has been in our emp1oyment; gross sa1ary; Yours faithfu11y')).toBe('has been in our employment; gross salary; Yours faithfully');
    expect(readOcrDigits('RELATI0NSHIP INF0RMATI0N')).toBe('RELATIONSHIP INFORMATION');
  });

  it('leaves numbers, codes and ordinals as they are', () => {
    const untouched = 'IMM 0008, T1 and T4 slips, B1/B2 visa, code C12, passport A01984455, 1st July, 10th, 1er juin, 10am, 2024-01-10';
    expect(readOcrDigits(untouched)).toBe(untouched);
  });
});
