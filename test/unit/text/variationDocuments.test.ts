import { readDates } from '../../../lambdas/core/text/dates';
import { readMoney } from '../../../lambdas/core/text/money';
import { VARIATION_DOCUMENTS } from './variationDocuments';

describe('the date and money readers on documents written the ways case files arrive', () => {
  it.each(VARIATION_DOCUMENTS.map((d) => [d.name, d] as const))('%s: every date, and nothing else', (_name, doc) => {
    const dates = readDates(doc.text).map((d) => (d.ambiguous ? d.ambiguous.join('|') : d.iso));
    expect(dates).toEqual(doc.dates);
  });

  it.each(VARIATION_DOCUMENTS.map((d) => [d.name, d] as const))('%s: every amount with its currency and period, and nothing else', (_name, doc) => {
    const money = readMoney(doc.text, doc.currency ? { defaultCurrency: doc.currency, language: doc.language } : { language: doc.language });
    expect(money.map((m) => `${m.amount} ${m.currency}${m.per ? `/${m.per}` : ''}`)).toEqual(doc.money);
  });
});
