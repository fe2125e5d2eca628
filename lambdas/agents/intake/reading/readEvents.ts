/**
 * The dated timeline: every sentence or form line that says something happened (a marriage, a
 * refusal, an overstay, a job), with its date or period, whose it was, and where. A trigger in a
 * question, under a negation ("never refused") or a hedge ("may be refused") is not an event.
 */
import type { EventKind, TimelineEvent } from '../../../contracts/caseFacts';
import { decidesItself, entryDateAt, entryDates, judgmentDate, letterDate, toldAsEarlier } from './events/ownDates';
import { jobsSince } from './events/jobSince';
import { heldRoles } from './events/heldRoles';
import { periodFields } from './events/periodFields';
import { cvEntries } from './events/cvEntries';
import { previousUnions } from './events/previousUnion';
import { peopleOf } from './events/carriedSubject';
import { withPosition } from './events/jobPosition';
import { fairnessLetterNotice } from './events/fairnessLetter';
import { QUESTION, QUESTION_LINE } from './events/clauses';
import { clauseDate, PERIODS } from './events/eventDates';
import { askedByStem } from './events/questionStem';
import { asOwnLanding, notSponsoredLanding, previousUndertakings, sponsoredAsPartner } from './events/priorSponsorship';
import { refusalRows } from './events/refusalRows';
import { courtOutcomes } from './events/courtRecord';
import { tickedOutcomes } from './events/tickedOutcome';
import { anotherEntry, entryAt, entryDate, LISTED } from './events/listEntries';
import { staysAbroad } from './events/staysAbroad';
import { arrivalsInCanada } from './events/arrivals';
import { repeatsAfter } from './events/repeatVisits';
import { metNamed } from './events/relationship';
import { withCohabitationEnds } from './events/cohabitationPeriod';
import { entryStamps, recordsCrossings } from './events/travelStamps';
import { answeredEvent, answeredQuestion, restates } from './events/answeredQuestions';
import { messageDateAt, relativeDay, shiftDay } from './events/relativeDays';
import { quotedMessageDate } from './events/quotedMessage';
import { toldAgain } from './events/toldTwice';
import { withStatusYear } from './events/statusYear';
import { tribunalReasons } from './events/tribunalReasons';
import { aboutSponsorsJob, declaresPreviousSponsorship, inviteeOf, toldBySponsor, writtenForAnother } from './events/persons';
import { rowEvents, rowKinds, rowStandsFor } from './events/tables';
import { tripsInLines } from './events/travelLines';
import { orderMadeDate } from './events/orderDate';
import { jointTravellers } from './events/jointSubject';
import { travelBlocks } from './events/travelBlocks';
import { plannedVisit } from './events/plannedVisit';
import { flightTrips } from './events/flightLegs';
import { eventOf, type DocumentReading, type EventContext, type Fixed } from './events/eventOf';
import { withoutEntryHead } from './events/entryHead';
import { settleCompletions } from './events/studyCompletions';
import { countryIn, EVENT_TRIGGERS, phrases } from './lexicon';
import eventsJson from './lexicons/events.json';
import type { ReadingDocument } from './readingDocument';
import { dehyphenated } from './segments';
import { datesIn } from './textReaders';

/** An arrival in a Canadian place is an entry to Canada (events/arrivals.ts). */
const DESTINATION = 'Canada';
/** Kinds whose triggers are matched across a sentence's line breaks (offsets kept). */
const WRAPPABLE = new Set<EventKind>(['travel', 'entry', 'overstay', 'removal-order']);
/** Being removed or deported, as against the order (see events.json `removedNotOrder`). */
const REMOVED = phrases(eventsJson.removedNotOrder);
/** Studies told completed (events.json `studyCompleted`): the end of a period the document dates elsewhere. */
const STUDY_COMPLETED = phrases(eventsJson.studyCompleted);

/** The acquittal triggers ("charge … withdrawn", "dismissed"): a charge matched inside one is told by its end. */
const ENDS_CHARGE = new RegExp(`^(?:${eventsJson.events.acquittal.join('|')})`, 'iu');

function withoutDate(event: TimelineEvent): TimelineEvent {
  const { date: _date, end: _end, ...rest } = event;
  return { ...rest, confidence: event.confidence - 0.15 };
}

/** A court's outcomes: dated by the judgment the record is, when the sentence gives no date (see events/ownDates.ts). */
const OUTCOMES = new Set<EventKind>(['acquittal', 'conviction']);

/** Documents that attest the job they name (its pay, its employer's word). */
const ATTESTS_JOB = new Set<ReadingDocument['type']>(['pay-stubs', 'employment-letter']);

/** Decisions the document itself makes: dated on the letter (or the notes' entry) when the sentence gives no date. */
const DATED_BY_DOCUMENT = new Set<EventKind>(['refusal', 'decision', 'notification', 'application']);

/** Whether the triggers of `kind` read an event in `text`. */
function triggered(kind: EventKind, text: string): boolean {
  return EVENT_TRIGGERS.some((t) => {
    t.pattern.lastIndex = 0;
    return t.kind === kind && t.pattern.test(text);
  });
}

export type { EventContext };

/** An LMIA is ESDC's decision on an employer's request: its application and decision days are no steps of the immigration file. */
const EMPLOYERS_PROCESS = new Set<TimelineEvent['kind']>(['application', 'decision', 'refusal', 'notification']);

/** Every event the document states. */
export function readEvents(context: EventContext): TimelineEvent[] {
  // A writer who tells having sponsored a former partner is the sponsor: their "I" and "our divorce" are the sponsor's.
  const told = toldBySponsor(context.doc);
  const bySponsor = context.doc.author !== 'sponsor' && told;
  const doc = bySponsor ? { ...context.doc, author: 'sponsor' as const } : context.doc;
  const ctx: DocumentReading = {
    ...context,
    doc,
    invitee: inviteeOf(doc),
    sponsorsJob: aboutSponsorsJob(doc),
    forAnother: writtenForAnother(doc),
    tribunal: tribunalReasons(doc),
    previousSponsorship: told || declaresPreviousSponsorship(doc),
    people: peopleOf(doc, context.spousal),
  };
  const out: TimelineEvent[] = [];
  /** Removal-order readings that tell a removal carried out, not the order. */
  const removals = new Set<TimelineEvent>();
  /** First meetings read from meeting someone by name (see events/relationship.ts). */
  const namedMeetings = new Set<TimelineEvent>();
  /** Events read from a question's answer (see events/answeredQuestions.ts). */
  const answers = new Set<TimelineEvent>();
  /** Study readings that tell the studies completed, not begun. */
  const completions = new Set<TimelineEvent>();
  const ownDate = decidesItself(ctx.doc) ? letterDate(ctx.doc) : undefined;
  const judgment = judgmentDate(ctx.doc);
  for (const page of ctx.doc.pages) {
    const entries = entryDates(ctx.doc, page);
    const rows = rowKinds(ctx.doc, page);
    // Jobs and studies dated by labelled fields ("Date of Joining:", « Date de sortie : »), see events/periodFields.ts.
    const periods = periodFields(ctx.doc, page);
    out.push(...periods.events);
    const undertakings = previousUndertakings(ctx.doc, page);
    const refusalTable = refusalRows(ctx.doc, page);
    const court = courtOutcomes(ctx.doc, page);
    const ticked = tickedOutcomes(ctx.doc, page, letterDate(ctx.doc));
    const crossings = recordsCrossings(page.text, ctx.doc.dateOrder);
    const orderMade = orderMadeDate(ctx.doc, page);
    page.segments.forEach((segment, i) => {
      if (periods.claimed.has(i)) return;
      // A question answered with a date ("When did you first meet in person? 2017-10-08") tells its event, unless
      // the answer, on its own line, tells it in words the triggers read there.
      const question = answeredQuestion(page.segments, i, ctx.doc.dateOrder);
      const answered =
        question && (question.segment === segment || !triggered(question.kind, question.answer)) ? answeredEvent(ctx.doc, page, ctx.spousal, question) : undefined;
      // An answer run into the next question ("Yes — married on 19 October 2019\nHave you ever remained…?") is read.
      const answerThenQuestion = /^[ \t]*(?:yes|no|oui|non)(?![\p{L}])/iu.test(segment.text) && QUESTION_LINE.test(segment.text);
      if (QUESTION.test(segment.text) && !segment.field && !answerThenQuestion) {
        if (answered) {
          out.push(answered);
          answers.add(answered);
        }
        return;
      }
      // A visa refused by a ticked box (the Schengen form's "[X] refused"), and that form's boxes of reasons (events/tickedOutcome.ts).
      const tick = ticked.get(i);
      if (tick) return void out.push(...tick);
      if (segment.heading === segment.text) return; // a title ("Notice of refusal") names the document, the sentences state the event
      if (askedByStem(page, segment)) return;
      // A row of a previous-undertakings table is read by its columns, its header states nothing (events/priorSponsorship.ts).
      const undertaking = undertakings.get(i);
      if (undertaking) return void out.push(...undertaking);
      // A row of a visa-history table with an outcome column is a refusal by its outcome, or nothing (events/refusalRows.ts).
      const refusals = refusalTable.get(i);
      if (refusals) return void out.push(...refusals);
      if (court.dateLines.has(i)) return; // a count's "Disposition date:" dates its outcome (events/courtRecord.ts)
      // A form's Yes/No answer is a declaration; a "Yes" with details ("Oui - visa Schengen refusé en juin 2021") tells the event too.
      if (segment.field && /^(?:no|non)\b|^(?:yes|oui)\b[\s.,;:–-]*$/iu.test(segment.field.value)) return;
      // A sentence wrapped across lines (PDF text) is matched as one line; offsets stay the segment's.
      const text = withoutEntryHead(dehyphenated(segment.text).replace(/[\t\u00a0]/g, ' '), entries.length > 0);
      const confidence = segment.field ? 0.85 : 0.75;
      // A decision in a quoted or forwarded message is dated by that message, not the forward (events/quotedMessage.ts).
      const undated = entryDateAt(entries, segment.start) ?? quotedMessageDate(ctx.doc, page, segment.start) ?? ownDate;
      const segmentStart = out.length;
      const found = new Set<EventKind>();
      /** Kinds this segment has read only undated so far: a later trigger that dates one still counts ("Certificat de divorce … Le divorce a pris effet le 9 mai 2025"). */
      const undatedOnly = new Set<EventKind>();
      const keep = (event: TimelineEvent | undefined) => {
        if (!event) return;
        const byDocument =
          !event.date && orderMade && event.kind === 'removal-order'
            ? { ...event, date: orderMade, confidence: event.confidence + 0.1 }
            : !event.date && undated && DATED_BY_DOCUMENT.has(event.kind) && event.person === 'applicant' && !toldAsEarlier(text)
            ? { ...event, date: undated }
            : !event.date && OUTCOMES.has(event.kind) && (court.dated.get(i) ?? judgment)
              ? { ...event, date: court.dated.get(i) ?? judgment, confidence: event.confidence + 0.1 }
              : event;
        const dated = byDocument.date ? byDocument : relativelyDated(byDocument);
        out.push(dated);
        if (dated.date) undatedOnly.delete(event.kind);
        else if (!found.has(event.kind)) undatedOnly.add(event.kind);
        found.add(event.kind);
      };
      const dates = datesIn(text, ctx.doc.dateOrder);
      /** An undated event told as today's or yesterday's, dated by its message (see events/relativeDays.ts). */
      const relativelyDated = (event: TimelineEvent): TimelineEvent => {
        const relative = relativeDay(text);
        const message = relative && messageDateAt(ctx.doc, page, segment.start + relative.at);
        return message && relative ? { ...event, date: shiftDay(message, relative.shift) } : event;
      };
      const joined = text.replace(/\n/g, ' ');
      const visit = plannedVisit(text, joined, dates, ctx.visitor === true);
      if (visit) keep(eventOf(ctx, page, segment, text, 'travel', visit.index, visit.length, confidence, { person: 'applicant', country: visit.country, plan: true }));
      /** Periods already read in this sentence, by kind: the dates they were read at. */
      const periodDates = new Map<EventKind, Set<string>>();
      /**
       * One event per kind and sentence, except periods: "studied in X from 2012 to 2016, then worked
       * in Y from 2017 and as a manager in Z since 2021" holds two jobs. A further period counts only
       * when a date of its own follows its trigger.
       */
      /** Where the last event of each listable kind was read (events/listEntries.ts). */
      const listedAt = new Map<EventKind, number>();
      const read = (kind: EventKind, index: number, length: number, fixed?: Fixed) => {
        // An entry's year may stand after its country alone ("…; Refusé : France 2021"), see events/statusYear.ts.
        const listDates = LISTED.has(kind) ? withStatusYear(kind, text, dates, index + length, index) : dates;
        const listed = found.has(kind) && LISTED.has(kind) && anotherEntry(text, listedAt.get(kind) ?? index, index, listDates);
        if (found.has(kind) && !periodDates.has(kind) && !listed && !undatedOnly.has(kind)) return;
        const read = eventOf(ctx, page, segment, text, kind, index, length, confidence, fixed);
        const own = listed ? entryDate(text, index, listDates) : undefined;
        if (!read || (listed && (!own || read.date?.iso !== own.iso))) return;
        // A further entry of a list is placed by its own words only ("…; visa refused in Australia on …"), not the first entry's.
        const entry = entryAt(text, index);
        const { country: _first, ...unplaced } = read;
        const place = listed ? countryIn(text.slice(entry.start, entry.end)) : undefined;
        const told = !listed ? read : place ? { ...unplaced, country: place } : unplaced;
        if (LISTED.has(kind)) listedAt.set(kind, index);
        // A form field that only names a job ("Occupation: teacher", "Profession : menuisier") with no date on its
        // line is a title, not a job held over a time the rules can count; a pay stub or an employer's letter is
        // itself the proof that the job is held, so its "Position:" is the job.
        if (kind === 'employment' && !told.date && segment.field && !ATTESTS_JOB.has(ctx.doc.type) && /:\s*$/u.test(text.slice(index, index + length))) return;
        // A charge known by its end ("the charge was dismissed on 28 June 2019"): the sentence's date is the
        // dismissal's, so the charge is undated (a dated statement of the charge, if any, holds it).
        const event = kind === 'charge' && ENDS_CHARGE.test(text.slice(index, index + length + 40)) ? withoutDate(told) : told;
        if (kind === 'removal-order' && REMOVED.test(text.slice(index, index + length))) removals.add(event);
        if (kind === 'study' && STUDY_COMPLETED.test(text.slice(index, index + length))) completions.add(event);
        const seen = periodDates.get(kind);
        if (seen) {
          const own = clauseDate(kind, text, dates, index) ?? dates.find((d) => d.start >= index);
          if (!event.date || !own || own.iso !== event.date.iso || seen.has(event.date.iso)) return;
        }
        if (PERIODS.has(kind)) periodDates.set(kind, (seen ?? new Set<string>()).add(event.date?.iso ?? ''));
        keep(event);
        // "My husband and I spent …": the trip is each traveller's (events/jointSubject.ts; a trigger may open with the "I").
        const joint = kind === 'travel' || kind === 'entry' ? jointTravellers(text, index, ctx.doc, ctx.spousal) : undefined;
        for (const person of joint ?? []) if (person !== event.person) out.push({ ...event, person });
      };
      for (const { kind, pattern } of EVENT_TRIGGERS) {
        pattern.lastIndex = 0;
        // A trip, an entry, an overstay or a removal wrapped at its words ("to visit⏎his sister", "was⏎removed") is matched as one line.
        for (const m of (WRAPPABLE.has(kind) ? joined : text).matchAll(pattern)) read(kind, m.index ?? 0, m[0].length);
      }
      for (const job of jobsSince(text, dates)) read('employment', job.index, job.title.length, { detail: job.title });
      for (const role of heldRoles(text, dates)) read('employment', role.index, role.length);
      // In a spousal file (or a sponsor's own statement), meeting someone by name is the couple's first meeting, unless
      // the document tells it otherwise.
      if ((ctx.spousal || ctx.doc.author === 'sponsor') && !found.has('first-meeting'))
        for (const met of metNamed(text)) {
          const before = out.length;
          read('first-meeting', met.index, met.length);
          if (out.length > before) namedMeetings.add(out[out.length - 1]);
        }
      // A stay past one's status is the overstay the sentence tells, not a trip.
      if (!found.has('overstay')) for (const stay of staysAbroad(text, dates)) read('travel', stay.index, stay.length);
      for (const arrival of arrivalsInCanada(text, dates)) read('entry', arrival.index, arrival.length, { country: DESTINATION });
      // A record of crossings (passport stamps, a border agency's history): each line marked as an entry is one,
      // dated by its own line (a log's leading date included, which `text` blanks).
      if (crossings) for (const stamp of entryStamps(segment.text.replace(/[\t\u00a0]/g, ' '), ctx.doc.dateOrder)) keep(eventOf(ctx, page, segment, stamp.line, 'entry', stamp.index, stamp.length, confidence));
      // A visit told again in the sentence ("… in 2018 and again in July 2022") is one more of the same kind and place.
      const visited = [...out].reverse().find((e) => e.evidence.docId === ctx.doc.docId && e.date && (e.kind === 'entry' || e.kind === 'travel'));
      const visitAt = visited && found.has(visited.kind) ? dates.find((d) => d.iso === visited.date!.iso) : undefined;
      if (visited && visitAt)
        for (const again of repeatsAfter(text, visitAt.end, dates)) keep(eventOf(ctx, page, segment, text, visited.kind, again.index, again.length, confidence, { person: visited.person, ...(visited.country ? { country: visited.country } : {}) }));
      // A one-off event told again by a date joined with "and" ("refused in 2016 and again in 2018"), see events/toldTwice.ts.
      toldAgain(out.slice(segmentStart), text, dates).forEach(keep);
      // A table's row is read by its columns; where a trigger word read it too, the row's reading stands (events/tables.ts).
      const row = rows.get(i);
      const rowRead = row ? rowEvents(ctx.doc, page, segment, row) : [];
      const byRow = found.size > 0 && rowStandsFor(found, rowRead);
      if (byRow) out.splice(segmentStart);
      if ((found.size === 0 && row) || byRow) rowRead.forEach(keep);
      // A travel table run into one block (events/travelLines.ts): each row's trip, unless this block already told it.
      else for (const trip of tripsInLines(ctx.doc, page, segment)) if (!out.some((e) => e.kind === 'travel' && e.evidence.docId === ctx.doc.docId && e.date?.iso === trip.date?.iso)) keep(trip);
      if (answered && !found.has(answered.kind)) {
        keep(answered);
        answers.add(answered);
      }
    });
    // CV and profile entries the segments did not keep as rows (events/cvEntries.ts), each once.
    const periodOn = (e: TimelineEvent) => out.some((o) => (o.kind === 'employment' || o.kind === 'study') && o.person === e.person && o.date?.iso === e.date?.iso);
    for (const entry of cvEntries(ctx.doc, page)) if (!periodOn(entry)) out.push(entry);
    // Trips a form stacks as fields under a travel title (events/travelBlocks.ts), each once.
    // …and trips a ticket or a boarding pass tells by its flights (events/flightLegs.ts), each once.
    for (const trip of [...travelBlocks(ctx.doc, page), ...flightTrips(ctx.doc, page)]) if (!out.some((e) => e.kind === 'travel' && e.person === trip.person && e.date?.iso === trip.date?.iso)) out.push(trip);
    // A previous union a form dates by its period (events/previousUnion.ts), unless a sentence already told it on that day.
    for (const union of previousUnions(ctx.doc, page)) if (!out.some((o) => o.kind === union.kind && o.date?.iso === union.date?.iso)) out.push(union);
  }
  // The same event said twice in one document, once with its date: keep the dated statement. A
  // removal carried out ("removed on 4 November 2016") where the order itself is dated ("a
  // deportation order was made on 19 October 2016") is that order, not a second one.
  const order = (e: TimelineEvent) => e.kind === 'removal-order' && !removals.has(e) && e.date !== undefined;
  // Studies told by their completion: the end of a period the document dates, or dated by it (events/studyCompletions.ts).
  const settled = settleCompletions(out, completions);
  out.splice(0, out.length, ...settled);
  // A job offer or contract names the post offered ("Position: cook", "Poste : ouvrière agricole"):
  // without a start date it is no job held, only the offer (a dated new post is read, see jobSince.ts).
  const offeredPost = (e: TimelineEvent) => e.kind === 'employment' && !e.date && ctx.doc.type === 'job-offer';
  // The same one-off event restated less precisely ("refused on 12 September 2018 … yes, the United Kingdom, 2018"):
  // the precise statement holds it. Periods are left alone: two jobs or trips can share a year.
  const restated = (e: TimelineEvent) =>
    !PERIODS.has(e.kind) &&
    e.date !== undefined &&
    out.some(
      (o) =>
        o !== e && o.kind === e.kind && o.person === e.person && o.evidence.docId === e.evidence.docId && o.date && o.date.iso.length > e.date!.iso.length &&
        o.date.iso.startsWith(e.date!.iso) && (!o.country || !e.country || o.country === e.country),
    );
  // A fairness letter is the notice it gives, on its date, unless its sentences already told one.
  const notice = fairnessLetterNotice(ctx.doc, letterDate(ctx.doc));
  if (notice && !out.some((e) => e.kind === 'notification' && e.date?.iso === notice.date?.iso)) out.push(notice);
  const sponsored = sponsoredAsPartner(ctx.doc);
  return withCohabitationEnds(out).map((e) => asOwnLanding(e, ctx.doc, sponsored)).filter(
    (e) =>
      !offeredPost(e) &&
      !notSponsoredLanding(e) &&
      !(ctx.doc.type === 'lmia' && EMPLOYERS_PROCESS.has(e.kind)) &&
      !(answers.has(e) && restates(e, out.filter((o) => !answers.has(o)))) &&
      !(namedMeetings.has(e) && out.some((o) => o !== e && o.kind === 'first-meeting' && (!namedMeetings.has(o) || out.indexOf(o) < out.indexOf(e)))) &&
      !restated(e) &&
      (e.date || !out.some((o) => o !== e && o.date && o.kind === e.kind && o.person === e.person && o.evidence.docId === e.evidence.docId)) &&
      !(removals.has(e) && out.some((o) => order(o) && o.person === e.person)),
  ).map(withPosition);
}
