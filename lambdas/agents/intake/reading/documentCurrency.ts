/**
 * The currency of a document's figures: the one it states ("Currency: KES", « Devise : TND »), the
 * only one it writes, a sign in a column's title ("Débit (€)"), or its country's (a dollar's
 * country named, a French employer's SIRET); and whether it writes in millimes ("12 480,350 TND").
 * Bare figures (a statement's columns, a payslip's lines) take it.
 */
import moneyJson from './lexicons/money.json';
import { phrases } from './lexicon';
import { spacedPhrases } from './spacedPhrases';
import { readMoney as readAmounts, thousandthsMark, type ThousandthsMark } from '../../../core/text/money';

const DOLLAR_COUNTRIES: ReadonlyArray<[string, RegExp]> = Object.entries(moneyJson.dollarCountries).map(([iso, list]) => [iso, phrases(list)]);
const ISSUER_CURRENCIES: ReadonlyArray<[string, RegExp]> = Object.entries(moneyJson.issuerCurrencies).map(([iso, list]) => [iso, phrases(list)]);
const CURRENCY_LABEL = new RegExp(`(?:${moneyJson.documentCurrencyLabels.join('|')})[ \\t]*:[ \\t]*([A-Z]{3})\\b`, 'iu');
const CENTRAL_AFRICA = spacedPhrases(moneyJson.centralAfricanCfa.states);
export const CFA_WRITING = spacedPhrases(moneyJson.centralAfricanCfa.writings);

const SIGNS = moneyJson.currencySigns as Record<string, string>;
/** "Débit (€)", "Amount (£)": a currency sign in brackets labels the figures of its column or field. */
const BRACKETED_SIGN = new RegExp(`\\((${Object.keys(SIGNS).join('|')})\\)`, 'gu');

export interface Currencies {
  /** For `$` and "dollars" (from the document's country), and bare figures with no better currency. */
  fallback: string;
  /** The currency the document states for its figures ("Currency: KES"), or the only one it writes. */
  stated?: string;
  centralAfrican: boolean;
  /** The decimal mark of a document written in millimes ("12 480,350 TND"): its three-digit tails are decimals. */
  thousandths?: ThousandthsMark;
}

export function currenciesOf(all: string): Currencies {
  // The label is matched in any case, its code only in capitals ("Currency: not stated" names none).
  const labelled = CURRENCY_LABEL.exec(all)?.[1];
  const named = labelled && /^[A-Z]{3}$/.test(labelled) ? labelled : undefined;
  // A bare "$" in a Canadian file is the Canadian dollar, unless the document names another dollar's country.
  const dollar = DOLLAR_COUNTRIES.find(([, pattern]) => pattern.test(all))?.[0] ?? 'CAD';
  // A document only one country issues (a French payslip's SIRET) writes that country's currency.
  const issuer = ISSUER_CURRENCIES.find(([, pattern]) => pattern.test(all))?.[0];
  const fallback = named ?? issuer ?? dollar;
  const written = [...new Set(readAmounts(all).filter((m) => m.currencyWritten).map((m) => m.currency))];
  // With no figure written with its currency, a sign in a column's title says it ("Débit (€) | Crédit (€)").
  const signed = [...new Set([...all.matchAll(BRACKETED_SIGN)].map((m) => SIGNS[m[1]]))];
  const columnCurrency = signed.length === 1 ? signed[0] : undefined;
  const stated = named ?? (written.length === 1 ? written[0] : written.length === 0 ? columnCurrency : undefined);
  // Figures in millimes ("JOD 18,450.750") are read only once their mark is known: the currency they are written with says whether to look.
  const inMillimes = [...new Set(readAmounts(all, { thousandths: '.' }).filter((m) => m.currencyWritten).map((m) => m.currency))];
  const currency = stated ?? (inMillimes.length === 1 ? inMillimes[0] : fallback);
  const thousandths = thousandthsMark(all, currency);
  return { fallback, stated: thousandths ? currency : stated, centralAfrican: CENTRAL_AFRICA.test(all), ...(thousandths ? { thousandths } : {}) };
}
