/**
 * Checks of an officer's findings against the record: each check pairs a finding an officer may
 * write ("does not indicate that leave has been approved", "source not explained", "travel limited
 * to neighbouring countries") with what would disprove it in the applicant's own documents. A hit is
 * evidence the officer overlooked or misread, quoted on both sides.
 */
import type { Evidence } from '../../../../contracts/intakeOutput';
import { readTransactions, SOURCE_OF_FUNDS } from '../../text/bankTransactions';
import { pagesOf, type CaseFile, type PageRef } from '../../text/caseFile';
import { quoteLine } from '../../text/evidenceQuotes';
import { figureSpellings, readMoney } from '../../../../core/text/money';
import { SIGNIFICANT_DESTINATIONS, OTHER_DESTINATIONS } from '../../text/places';
import { findStatements, quoteStatement, type Statement } from '../../text/statements';
import { listedTrips } from '../visitor/travelHistory';
import { officerPages, recordPages } from './officerReasons';

export interface RecordCheck {
  id: string;
  /** What the officer found, in our words. */
  officerFinding: string;
  /** What the record shows instead, in our words. */
  recordShows: string;
  evidence: Evidence[];
}

function officerSays(file: CaseFile, pattern: RegExp): Statement | undefined {
  return findStatements(officerPages(file), pattern).find((s) => !s.question);
}

function recordSays(pages: readonly PageRef[], pattern: RegExp): Statement | undefined {
  return findStatements(pages, pattern).find((s) => !s.question && !s.negated);
}

function both(officer: Statement, record: Evidence | undefined): Evidence[] {
  return [quoteStatement(officer), record].filter((e): e is Evidence => !!e);
}

const LEAVE_NOT_SHOWN = /\b(?:not indicate that leave|no (?:evidence|proof|confirmation) of (?:approved )?leave|leave (?:has )?not (?:been )?(?:approved|confirmed|shown))/i;
const LEAVE_APPROVED = /\bleave\b[^.\n]{0,80}\bapproved\b|\bapproved\b[^.\n]{0,40}\bleave\b|\bcongé\b[^.\n]{0,60}\bapprouvé/i;

function leaveApproval(file: CaseFile): RecordCheck | undefined {
  const officer = officerSays(file, LEAVE_NOT_SHOWN);
  const record = officer && recordSays([...pagesOf(file, ['employment-letter']), ...recordPages(file)], LEAVE_APPROVED);
  if (!officer || !record) return undefined;
  return { id: 'leave-approval', officerFinding: 'leave from work was not shown to be approved', recordShows: 'an employment letter states that the leave was approved', evidence: both(officer, quoteStatement(record)) };
}

const SOURCE_NOT_SHOWN = /\b(?:source (?:of (?:the )?funds? )?(?:is |was )?not (?:been )?(?:explained|established|documented|shown)|unexplained|not satisfactorily establish the source|source not explained|parked)/i;

function sourceOfFunds(file: CaseFile): RecordCheck | undefined {
  const officer = officerSays(file, SOURCE_NOT_SHOWN);
  if (!officer) return undefined;
  const amounts = readMoney(officer.sentence).map((a) => a.amount);
  const credits = readTransactions(file).filter((t) => t.kind === 'credit' && SOURCE_OF_FUNDS.test(t.description));
  const named = credits.find((t) => amounts.some((a) => Math.abs(a - t.amount) < 1)) ?? (amounts.length ? undefined : credits.sort((a, b) => b.amount - a.amount)[0]);
  if (named) {
    return { id: 'source-of-funds', officerFinding: 'the source of a deposit was not explained', recordShows: 'the bank statement names the source of that deposit', evidence: both(officer, quoteLine(named.ref, named.start, named.end)) };
  }
  for (const amount of amounts) {
    for (const spelling of figureSpellings(amount)) {
      const escaped = spelling.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const s = findStatements(recordPages(file), new RegExp(`(?<![\\d,.])${escaped}(?![\\d,])`)).find((st) => SOURCE_OF_FUNDS.test(st.sentence));
      if (s) return { id: 'source-of-funds', officerFinding: 'the source of a deposit was not explained', recordShows: 'a document in the record explains where the deposit came from', evidence: both(officer, quoteStatement(s)) };
    }
  }
  return undefined;
}

/** Two-letter codes officers' notes use for destinations ("limited to neighbouring countries (TZ, UG)"). */
const COUNTRY_CODES: Record<string, string> = {
  tanzania: 'TZ', uganda: 'UG', kenya: 'KE', rwanda: 'RW', ethiopia: 'ET', 'united arab emirates': '(?:AE|UAE)', uae: '(?:AE|UAE)', dubai: '(?:AE|UAE)',
  'south africa': '(?:ZA|RSA)', nigeria: 'NG', ghana: 'GH', togo: 'TG', india: 'IN', china: 'CN', philippines: 'PH', mexico: 'MX',
  'united states': '(?:US|USA)', 'united kingdom': '(?:UK|GB)',
};

const TRAVEL_LIMITED = /\b(?:travel(?: history)?:? (?:is |was )?limited to|limited travel(?: history)?|no (?:previous|prior) travel|has not travel(?:l)?ed|no travel history)/i;

function travelHistory(file: CaseFile): RecordCheck | undefined {
  const officer = officerSays(file, TRAVEL_LIMITED);
  if (!officer) return undefined;
  const named = (destination: string) => {
    const significant = SIGNIFICANT_DESTINATIONS.find(([name]) => name === destination)?.[1];
    const alias = COUNTRY_CODES[destination.toLowerCase()];
    return (
      (significant ?? new RegExp(destination.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i')).test(officer.sentence) ||
      (alias !== undefined && new RegExp(`\\b${alias}\\b`).test(officer.sentence))
    );
  };
  const unmentioned = listedTrips(file).filter((t) => !named(t.destination) && (t.significant || OTHER_DESTINATIONS.test(t.destination)));
  if (!unmentioned.length) return undefined;
  return {
    id: 'travel-history',
    officerFinding: 'the travel history was limited',
    recordShows: `the forms list trips the notes leave out (${[...new Set(unmentioned.map((t) => t.destination))].join(', ')})`,
    evidence: [quoteStatement(officer), ...unmentioned.slice(0, 2).map((t) => t.evidence)].filter((e): e is Evidence => !!e),
  };
}

const EMPLOYMENT_NOT_SHOWN = /\b(?:no (?:evidence|proof) of (?:current )?employment|employment (?:is |was |has )?not (?:been )?(?:established|demonstrated|documented)|applicant (?:is )?unemployed)/i;

function employment(file: CaseFile): RecordCheck | undefined {
  const officer = officerSays(file, EMPLOYMENT_NOT_SHOWN);
  const letter = officer && file.documents.find((d) => d.type === 'employment-letter');
  if (!officer || !letter) return undefined;
  const page = letter.extracted.pages.find((p) => /\bemploy/i.test(p.text)) ?? letter.extracted.pages[0];
  const m = /\bemploy\w*/i.exec(page.text);
  return { id: 'employment', officerFinding: 'employment was not established', recordShows: 'an employment letter is in the record', evidence: both(officer, m ? quoteLine({ doc: letter, page }, m.index, m.index + m[0].length) : undefined) };
}

const NO_FAMILY_AT_HOME = /\b(?:no (?:immediate )?family (?:ties )?(?:in|at) (?:home|the country of residence)|single,? (?:with )?no dependants|not married|no dependants)\b/i;
const FAMILY_AT_HOME = /\b(?:marital status\s*:\s*married|my (?:husband|wife|spouse|children)|(?:her|his) (?:husband|wife|spouse|children) (?:remain|live|reside|stay)|two children|three children)\b/i;

function familyAtHome(file: CaseFile): RecordCheck | undefined {
  const officer = officerSays(file, NO_FAMILY_AT_HOME);
  const record = officer && recordSays(recordPages(file), FAMILY_AT_HOME);
  if (!officer || !record) return undefined;
  return { id: 'family-at-home', officerFinding: 'the applicant has no family at home', recordShows: 'the record shows a spouse or children at home', evidence: both(officer, quoteStatement(record)) };
}

/** Every check whose officer finding the record contradicts. */
export function contradictedFindings(file: CaseFile): RecordCheck[] {
  return [leaveApproval, sourceOfFunds, travelHistory, employment, familyAtHome].map((check) => check(file)).filter((c): c is RecordCheck => !!c);
}
