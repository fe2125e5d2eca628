/**
 * The trip the application is for, named without a date in the words of the file itself ("the
 * purpose of your visit to Canada" in a refusal, « le but du séjour au Canada » in an e-mail about
 * the form): the application's destination, which the application event already holds, not a trip
 * the timeline can date (phrases: events.json `applicationTrip`). A dated plan is a trip (see the
 * corpus Conventions) and is read as one.
 */
import eventsJson from '../lexicons/events.json';

/** The words that make a trip trigger the application's own trip: they end right where the trigger starts, or hold it. */
const APPLICATION_TRIP = new RegExp(`(?<![\\p{L}])(?:${eventsJson.applicationTrip.join('|')})(?![\\p{L}])`, 'iu');
/** How far before the trigger its phrase may start ("the purpose of your " + "visit to"). */
const REACH = 40;

/** Whether an undated trip trigger at `index` names the application's own trip. */
export function applicationTrip(text: string, index: number, length: number): boolean {
  const around = text.slice(Math.max(0, index - REACH), index + length);
  const m = APPLICATION_TRIP.exec(around);
  return m !== null && m.index + m[0].length >= around.length - length;
}
