/**
 * Two months sharing one year are a period: "de septembre à novembre 2019" opens in September 2019,
 * not in November; a day before the first month, or a first month after the second, is no such period.
 */
import { readDates } from '../../../lambdas/core/text/dates';

const read = (text: string) => readDates(text, { order: 'day-first' }).map((d) => `${d.iso}${d.until && d.until !== 'present' ? `→${d.until.iso}` : ''}`);

describe('two months sharing a year', () => {
  it.each([
    ['de septembre à novembre 2019', ['2019-09→2019-11', '2019-11']],
    ['from June to August 2021', ['2021-06→2021-08', '2021-08']],
    ['Mar-Jun 2021', ['2021-03→2021-06', '2021-06']],
  ])('reads "%s" as a period opening in its first month', (text, dates) => {
    expect(read(text)).toEqual(dates);
  });

  it('leaves a first month after the second alone: "from December to February 2020" may open the year before', () => {
    expect(read('from December to February 2020')).toEqual(['2020-02']);
  });

  it('still reads two days sharing a month as days ("du 10 au 25 juillet 2023")', () => {
    expect(read('du 10 au 25 juillet 2023')).toEqual(['2023-07-10→2023-07-25', '2023-07-25']);
  });
});
