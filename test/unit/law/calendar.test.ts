import { addDays, addYears, daysBetween, dayRange, nonJuridicalDay } from '../../../lambdas/law/calendar';
import { day } from './caseBuilder';

describe('calendar arithmetic on fact dates', () => {
  it('adds days across month and year ends', () => {
    expect(addDays('2025-12-20', 15)).toBe('2026-01-04');
    expect(addDays('2024-02-20', 10)).toBe('2024-03-01');
  });

  it('adds years to the same calendar day', () => {
    expect(addYears('2022-05-10', 3)).toBe('2025-05-10');
  });

  it('ends a period of years from 29 February on 28 February (Interpretation Act s 28: the last day of the month when it has no such day)', () => {
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
    expect(addYears('2024-02-29', 3)).toBe('2027-02-28');
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
  });

  it('counts whole days, negative when the second day is earlier', () => {
    expect(daysBetween('2026-01-01', '2026-01-16')).toBe(15);
    expect(daysBetween('2026-01-16', '2026-01-01')).toBe(-15);
  });

  it('gives a month-precision date as the range of its days, with no single day', () => {
    expect(dayRange(day('2024-02'))).toEqual({ first: '2024-02-01', last: '2024-02-29' });
    expect(dayRange(day('2023-11-05'))).toEqual({ first: '2023-11-05', last: '2023-11-05', day: '2023-11-05' });
  });

  it('spans both readings of an ambiguous numeric date and gives no day', () => {
    const r = dayRange({ iso: '2021-04-03', precision: 'day', ambiguous: ['2021-04-03', '2021-03-04'] });
    expect(r).toEqual({ first: '2021-03-04', last: '2021-04-03' });
  });

  it('names weekends and fixed-date holidays, and nothing for a working day', () => {
    expect(nonJuridicalDay('2026-11-28')).toBe('a Saturday');
    expect(nonJuridicalDay('2026-07-01')).toMatch(/holiday/);
    expect(nonJuridicalDay('2026-11-26')).toBeUndefined();
  });
});
