/**
 * Money: balances, deposits, salaries, income, tuition, payments, gifts, loans, with amount,
 * currency, and for pay the period. What an amount is comes from the words that label it
 * (moneyKind.ts); in a bank statement, from the column or mark that says money in or out
 * (statementRows.ts), the running balance being no fact of its own. An amount with no label is
 * left out rather than guessed, except a figure paid per hour, week, month or year, which is pay.
 */
import type { Money, FactDate } from '../../../contracts/caseFacts';
import moneyJson from './lexicons/money.json';
import { phrases } from './lexicon';
import { paysOneMonth } from './monthlySlip';
import { clauseAround, kindAfter, kindBefore, moneyKindOf, type MoneyKind } from './moneyKind';
import { quoteOf, type ReadingDocument } from './readingDocument';
import type { Segment } from './segments';
import { spacedPhrases } from './spacedPhrases';
import { blockHeader, payLineKind, payLines, payRows, type Found } from './payLines';
import { barredTitle, bareFigures, columnTitle, descriptionOf, directionOf, headerOf, ledgerLines, lineDescription, roleOf, signBefore, type RowRole, type TableHeader } from './statementRows';
import { datesIn, moneyIn } from './textReaders';
import { parseAmount, type PayPeriod } from '../../../core/text/money';
import { CFA_WRITING, currenciesOf, type Currencies } from './documentCurrency';
import moneyWords from '../../../core/text/moneyWords.json';

/** "(CAD)" or "en dollars canadiens" in a field's label: the currency of the bare figure in its value. */
const LABEL_CURRENCY = /\(([A-Z]{3})\)|\bin ([A-Z]{3})\b|\ben ([A-Z]{3})\b/u;
const WHOLE_FIGURE = /(?<![\p{L}\p{N}.,/-])\d{1,3}(?:[,.\u00a0\u202f ]\d{3})+(?:[.,]\d{2})?(?![\p{L}\p{N}]|[.,/-]\d)|(?<![\p{L}\p{N}.,/-])\d{2,}(?:[.,]\d{2})?(?![\p{L}\p{N}]|[.,/-]\d)/gu;
const FROM = /\b(?:from|de la part de|provenant de|de)\s+([\p{Lu}][\p{L}'’.-]+(?:\s+[\p{Lu}][\p{L}'’.-]+){0,3})/u;
/** Kinds that carry a date (when the money moved or the balance stood) and those paid per a period (pay, tuition "par année"). */
const DATED = new Set<MoneyKind>(['deposit', 'balance', 'payment']);
const PERIODIC = new Set<MoneyKind>(['salary', 'income', 'tuition']);

const TOTALS = spacedPhrases(moneyJson.statement.totals);
const EXAMPLE = phrases(moneyJson.exampleMarkers);
const REQUIREMENT = phrases(moneyJson.requirementMarkers);
const PRICE_PER = new RegExp(String.raw`^[ \t]*(?:[A-Z]{3}[ \t]*|CAN[ \t]*)?(?:${moneyJson.pricePer.join('|')})(?![\p{L}])`, 'iu');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** "INR 12,50,000 (Rupees Twelve Lakh Fifty Thousand only) per annum": the period after the amount's words in brackets. */
const PERIOD_AFTER_GLOSS: ReadonlyArray<[PayPeriod, RegExp]> = Object.entries(moneyWords.periodAfter).map(([period, list]) => [
  period as PayPeriod,
  new RegExp(String.raw`^(?:[ \t]*\/[-=])?[ \t]*\([^()\n]{3,90}\)(?:[ \t]*\/[-=])?[ \t]*(?:${(list as string[]).map(escape).join('|')})(?![\p{L}])`, 'iu'),
]);

/** The bare figures of a statement's dated lines, each with its line as its row, in the statement's currency. */
function ledgerFigures(lines: ReturnType<typeof ledgerLines>, currencies: Currencies): Found[] {
  const statementCurrency = currencies.stated ?? currencies.fallback;
  return lines.flatMap((line) => {
    const row = { start: line.start, end: line.end, cells: line.text.trim().split(/\s+/), description: lineDescription(line.text) };
    return bareFigures(line.text, true, currencies.thousandths).flatMap((f) => {
      const amount = parseAmount(f.written, currencies.thousandths);
      return amount === undefined ? [] : [{ amount, currency: statementCurrency, start: line.start + f.start, end: line.start + f.end, written: false, row, ...(f.sign ? { sign: f.sign } : {}) }];
    });
  });
}

/** "($)" in a field's label. */
const DOLLAR_LABEL = /\(\$\)/u;
/**
 * A money field's value that is a whole figure alone, up to the form's next field on its line ("Tuition:
 * 21400      Room and board: …", « Frais de scolarité : 14 300 Logement et repas : … » as a PDF closes up the
 * columns): a form's amount in the document's currency. A year is no amount.
 */
const WHOLE_VALUE = /^[ \t]*(?!(?:19|20)\d{2}(?:\s|$))(\d{1,3}(?:[ \u00a0\u202f,]\d{3})+|\d{3,7})(?=[ \t]*$|\t|[ ]{3,}|[ ]+\p{L}[^:\n\d]{0,30}:)/u;
function wholeValue(value: string): { written: string; start: number; end: number } {
  const m = WHOLE_VALUE.exec(value)!;
  const start = m.index + m[0].length - m[1].length;
  return { written: m[1], start, end: start + m[1].length };
}

/** Figures with no currency written: a statement row's, or a money field's value ("Total income: 71,200.00"). */
function bareAmounts(segment: Segment, currencies: Currencies): Found[] {
  const field = segment.field;
  const statementCurrency = currencies.stated ?? currencies.fallback;
  if (segment.cells) {
    const row = { start: 0, end: segment.text.length, cells: segment.cells, description: descriptionOf(segment.cells) };
    return bareFigures(segment.text, true, currencies.thousandths).flatMap((f) => {
      const amount = parseAmount(f.written, currencies.thousandths);
      return amount === undefined ? [] : [{ amount, currency: statementCurrency, start: f.start, end: f.end, written: false, row, ...(f.sign ? { sign: f.sign } : {}) }];
    });
  }
  if (!field) {
    const ledger = ledgerLines(segment.text);
    if (ledger.length === 0) return payLines(segment.text, statementCurrency, currencies.thousandths);
    // The undated lines of a statement block that name a balance ("Opening Balance 14,250,000.00", "Closing Balance …") are those balances.
    const balances = payLines(segment.text, statementCurrency, currencies.thousandths).filter((f) => f.line && kindBefore(f.line.label) === 'balance' && !ledger.some((l) => f.start >= l.start && f.end <= l.end));
    return [...ledgerFigures(ledger, currencies), ...balances].sort((a, b) => a.start - b.start);
  }
  const labelled = LABEL_CURRENCY.exec(field.label);
  // "Funds available for my stay ($)": a dollar sign in the label is the document's dollar.
  const labelCurrency = labelled?.slice(1).find((c) => c !== undefined) ?? (DOLLAR_LABEL.test(field.label) ? currencies.fallback : undefined);
  if (!labelCurrency && !kindBefore(field.label) && !kindBefore(field.value)) return [];
  const offset = field.valueStart - segment.start;
  const figures = labelCurrency ? [...field.value.matchAll(WHOLE_FIGURE)].map((m) => ({ written: m[0], start: m.index, end: m.index + m[0].length })) : kindBefore(field.label) && WHOLE_VALUE.test(field.value) ? [wholeValue(field.value)] : bareFigures(field.value, false, currencies.thousandths);
  return figures.flatMap((f) => {
    const amount = parseAmount(f.written, currencies.thousandths);
    return amount === undefined ? [] : [{ amount, currency: labelCurrency ?? currencies.stated ?? currencies.fallback, start: offset + f.start, end: offset + f.end, written: labelCurrency !== undefined }];
  });
}

/** "… un solde de 186\n450,00 DH", "… s'élevait à 8 750\n000 FCFA": a grouped figure a line break cut between its groups (a PDF's wrapped line). */
const WRAPPED_HEAD = /(?<![\p{L}\p{N}.,])(\d{1,3}(?:[ \u00a0\u202f]\d{3})*)[ \t]*\n[ \t]*$/u;

function unwrapped<T extends { amount: number; start: number }>(text: string, m: T): T {
  const from = Math.max(0, m.start - 24);
  const head = WRAPPED_HEAD.exec(text.slice(from, m.start));
  const figure = /^\d{3}(?:[ \u00a0\u202f.,]\d{3})*(?:[.,]\d{2})?(?!\d)/.exec(text.slice(m.start));
  if (!head || !figure) return m;
  // Only a wrapped line of prose: a short line ending in a number is a heading or an item ("Article 3").
  const lineStart = text.lastIndexOf('\n', from + head.index) + 1;
  if (from + head.index - lineStart < 50) return m;
  const amount = parseAmount(`${head[1]} ${figure[0]}`);
  return amount === undefined ? m : { ...m, amount, start: from + head.index };
}

function amountsOf(segment: Segment, currencies: Currencies): Found[] {
  const written = moneyIn(segment.text, currencies.fallback, currencies.thousandths).map((x) => unwrapped(segment.text, x)).map((m) => {
    const asWritten = segment.text.slice(m.start, m.end);
    // "FCFA" is the West African franc unless the document is from Central Africa.
    const currency = m.currency === 'XOF' && currencies.centralAfrican && CFA_WRITING.test(asWritten) ? 'XAF' : m.currency;
    const sign = signBefore(segment.text, m.start);
    return { ...m, currency, written: /\p{L}|[€£₹₱₦¥₩₺]/u.test(asWritten.replace(/\d/g, '')), ...(sign ? { sign } : {}) };
  });
  if (written.length === 0) return bareAmounts(segment, currencies);
  // Dated lines of a statement whose figures carry their currency ("04.08.2025 Salary … EUR 3.980,00"): rows all the same.
  const ledger = ledgerLines(segment.text);
  if (segment.cells && ledger.length === 1) {
    const row = { start: 0, end: segment.text.length, cells: segment.cells, description: descriptionOf(segment.cells) };
    return written.map((m) => (m.written ? { ...m, row } : m));
  }
  if (segment.cells) return written;
  // A block that writes its currency only on its balances ("Solde d'ouverture … 12 480,350 TND") above dated lines of bare figures: those lines are read as a statement's.
  const bareLines = ledger.filter((l) => !written.some((m) => m.start < l.end && m.end > l.start));
  const bare = bareLines.length > 0 && bareLines.length === ledger.length ? ledgerFigures(bareLines, currencies) : [];
  if (ledger.length < 2) return [...written, ...bare].sort((a, b) => a.start - b.start);
  const rowed = written.map((m) => {
    const line = m.written ? ledger.find((l) => m.start >= l.start && m.end <= l.end) : undefined;
    return line ? { ...m, row: { start: line.start, end: line.end, cells: line.text.trim().split(/\s+/), description: lineDescription(line.text) } } : m;
  });
  return [...rowed, ...bare].sort((a, b) => a.start - b.start);
}

/**
 * Roles of the figures of statement rows: by column, mark or sign; else by what the row's
 * description says (a salary or a transfer in is money in, a fee or rent money out). With none of
 * these, the second figure of a row is its running balance.
 */
/** The running balance of the statement rows read so far on the page: a row's figure that takes it to the row's balance is money in or out. */
interface Ledger {
  balance?: number;
}

const near = (a: number, b: number) => Math.abs(a - b) < 0.005 * Math.max(1, Math.abs(b) / 100);

function rowRoles(segment: Segment, found: Found[], header: TableHeader | undefined, ledger: Ledger, headerText?: string): Array<{ role?: RowRole; title?: string }> {
  const titleOf = (f: Found) => barredTitle(headerText, segment.text, f.start) ?? columnTitle(header, f.start, f.end);
  const roles: Array<{ role?: RowRole; title?: string }> = found.map((f) => {
    if (!f.row) return segment.cells ? { title: titleOf(f) } : {};
    const title = titleOf(f);
    const role = roleOf(f.row.cells, title, f.sign);
    // The balance column of a row that names itself a balance ("Closing balance") is that balance.
    if (role === 'running-balance' && f.row.description && kindBefore(f.row.description) === 'balance') return { title };
    // "Solde au 31.05.2024", "Opening balance" written in the credit column: a row that opens with a balance is that balance.
    if (role && f.row.description && kindAfter(f.row.description) === 'balance') return { title };
    return { title, role };
  });
  const byRow = new Map<Found['row'], number[]>();
  found.forEach((f, i) => f.row && byRow.set(f.row, [...(byRow.get(f.row) ?? []), i]));
  for (const [row, indexes] of byRow) {
    if (!row) continue;
    const balanceAt = indexes.find((i) => roles[i].role === 'running-balance');
    if (indexes.some((i) => roles[i].role !== undefined)) {
      if (balanceAt !== undefined) ledger.balance = found[balanceAt].amount;
      continue;
    }
    const described = row.description ? kindBefore(row.description) : undefined;
    const stated = row.description ? directionOf(row.description) : undefined;
    if (described === 'balance' && !stated) {
      // "Opening balance 4,215.60": where the running balance starts.
      ledger.balance = found[indexes[indexes.length - 1]].amount;
      continue;
    }
    if (indexes.length >= 2) roles[indexes[indexes.length - 1]] = { role: 'running-balance' };
    const after = indexes.length >= 2 ? found[indexes[indexes.length - 1]].amount : undefined;
    const moved = indexes.length === 2 ? found[indexes[0]].amount : undefined;
    // With no column, mark or telling description, the arithmetic says it: the balance went up or down by the figure.
    const byBalance: RowRole | undefined =
      ledger.balance !== undefined && after !== undefined && moved !== undefined ? (near(after - ledger.balance, moved) ? 'credit' : near(ledger.balance - after, moved) ? 'debit' : undefined) : undefined;
    const byWords: RowRole | undefined = described && ['salary', 'income', 'deposit', 'gift', 'loan'].includes(described) ? 'credit' : described && ['payment', 'tuition'].includes(described) ? 'debit' : undefined;
    const role = byBalance ?? stated ?? byWords;
    if (role) for (const i of indexes.slice(0, indexes.length >= 2 ? -1 : undefined)) roles[i] = { ...roles[i], role };
    if (after !== undefined) ledger.balance = after;
  }
  return roles;
}


export function readMoney(doc: ReadingDocument): Money[] {
  const all = doc.pages.map((p) => p.text).join('\n');
  const currencies = currenciesOf(all);
  const payslip = doc.type === 'pay-stubs';
  const monthlySlip = payslip && paysOneMonth(all, doc.dateOrder);
  const out: Money[] = [];
  for (const page of doc.pages) {
    let header: TableHeader | undefined;
    let headerText: string | undefined;
    const ledger: Ledger = {};
    for (const segment of page.segments) {
      if (!segment.cells) header = headerText = undefined;
      const title = headerOf(segment);
      if (title) [header, headerText] = [title, segment.text];
      const found = payRows(segment, amountsOf(segment, currencies), header, headerText);
      // A payslip's lines are pay and deductions, not a ledger's money in and out: only their column titles count.
      const roles = rowRoles(segment, found, header, ledger, headerText).map((r) => (payslip ? { title: r.title } : r));
      let previousEnd = 0;
      found.forEach((a, i) => {
        const { role, title } = roles[i];
        const from = previousEnd;
        previousEnd = a.end;
        if (role === 'running-balance' || !Number.isFinite(a.amount) || a.amount <= 0) return;
        const { before, after } = clauseAround(segment.text, a.start, a.end, from, found[i + 1]?.start ?? segment.text.length);
        // A sample in a guide ("for example, a balance of $5,000"), a requirement or an estimate ("the minimum a student must show is …") and a price ("$100 per person") are nobody's money.
        if (EXAMPLE.test(before) || REQUIREMENT.test(before) || PRICE_PER.test(segment.text.slice(a.end, a.end + 40))) return;
        // A statement's sum of its own lines ("Total des mouvements : débit 910,85") is no fact of its own.
        const rowLabel = a.row?.description ?? segment.field?.label ?? a.line?.label;
        if (rowLabel && TOTALS.test(rowLabel)) return;
        const pay = a.line ? payLineKind(a.line) : undefined;
        if (a.line && !pay?.kind) return;
        const glossed = a.per ?? pay?.per ?? PERIOD_AFTER_GLOSS.find(([, re]) => re.test(segment.text.slice(a.end, a.end + 140)))?.[0];
        const labelled = pay?.kind ?? moneyKindOf({ before, after, labels: [segment.field?.label, title, blockHeader(segment.text, a.start), segment.heading] });
        // Money paid by the hour is a wage ("will be paid $29.40 per hour", "sera payée 24 $ de l'heure"):
        // rents, fees and transfers are paid by the week, month or year, never by the hour.
        const hourly = labelled === 'payment' && glossed === 'hour' ? 'salary' : labelled;
        const kind: MoneyKind | undefined = role === 'credit' ? 'deposit' : role === 'debit' ? 'payment' : (hourly ?? (glossed ? 'salary' : undefined));
        // A monthly payslip's salary line ("PAY SLIP FOR THE MONTH OF …", « bulletin de paie du mois de … ») is its monthly rate.
        const per = glossed ?? (kind === 'salary' && monthlySlip ? 'month' : undefined);
        if (!kind) return;
        // A statement row's own date, else the amount's line's, else the first in its sentence.
        const lineStart = a.row?.start ?? segment.text.lastIndexOf('\n', a.start) + 1;
        const lineEnd = a.row?.end ?? (segment.text.indexOf('\n', a.end) + 1 || segment.text.length + 1) - 1;
        const date = DATED.has(kind) ? (datesIn(segment.text.slice(lineStart, lineEnd), doc.dateOrder)[0] ?? datesIn(segment.text, doc.dateOrder)[0]) : undefined;
        const factDate: FactDate | undefined = date ? { iso: date.iso, precision: date.precision } : undefined;
        const source = role ? a.row?.description : kind === 'deposit' || kind === 'gift' ? FROM.exec(segment.text.slice(a.end))?.[1] : undefined;
        out.push({
          kind,
          amount: a.amount,
          currency: a.currency,
          ...(PERIODIC.has(kind) && per ? { per } : {}),
          ...(factDate ? { date: factDate } : {}),
          ...(source ? { from: source } : {}),
          evidence: quoteOf(doc, page, segment.start, segment.end, segment.start + a.start),
          confidence: a.currency === 'XXX' ? 0.5 : a.written ? 0.8 : 0.65,
          source: 'rules',
        });
      });
    }
  }
  return out;
}
