/**
 * The trip the application is for ("Length of stay: …", "Dates prévues du séjour : du … au …", "to
 * visit us from May 20 to June 3, 2024", "visit my brother in Winnipeg from …", « rendre visite à ma
 * fille à Québec du … »): whoever writes it, the traveller is the applicant, and the destination is
 * Canada unless the words name a city of another country (lexicons/places.json).
 */
import { phrases } from '../lexicon';
import eventsJson from '../lexicons/events.json';
import { cityAt } from '../places';
import type { DateInText } from '../textReaders';

const PLANNED_VISIT = phrases(eventsJson.plannedVisit, 'giu');
/** The trip's purpose ("Purpose of visit: …"): the trip applied for only when the line gives its dates. */
const VISIT_PURPOSE = phrases(eventsJson.plannedVisitPurpose, 'giu');
const DESTINATION = 'Canada';
/**
 * The trip told by its purpose and a city, without dates ("to attend a conference in Toronto (5 days)", « visite de
 * 2 sem. chez son frère à Gatineau »): only in a visitor visa or super visa file, where it is the visit asked for, and only to a
 * Canadian city (lexicons/events.json, plannedVisitToCity); elsewhere such words tell some other plan.
 */
const TO_CITY = phrases(eventsJson.plannedVisitToCity, 'giu');

function visitToCanadianCity(joined: string): { index: number; length: number } | undefined {
  TO_CITY.lastIndex = 0;
  for (const m of joined.matchAll(TO_CITY)) {
    if (cityAt(m[0])?.country === DESTINATION) return { index: m.index, length: m[0].length };
  }
  return undefined;
}

/**
 * The trip's purpose as a form's label or a statement of it ("Purpose of visit: …", "the purpose of my
 * visit is to …", « Objet du voyage : … »), not a refusal's reason that names it (« au motif que l'objet
 * du voyage n'était pas justifié »).
 */
function statedPurpose(text: string): RegExpExecArray | null {
  VISIT_PURPOSE.lastIndex = 0;
  const m = VISIT_PURPOSE.exec(text);
  return m && /^[ \t]*(?::|(?:is|will be|est|sera)[ \t])/iu.test(text.slice(m.index + m[0].length)) ? m : null;
}

/**
 * Where a sentence names the trip applied for, and its destination: its words matched across the
 * sentence's line breaks (`joined`, offsets kept); a purpose line only with a month or a day, since a
 * year alone there is some other plan's.
 */
export function plannedVisit(text: string, joined: string, dates: readonly DateInText[], visitorFile = false): { index: number; length: number; country: string } | undefined {
  PLANNED_VISIT.lastIndex = 0;
  const visit = PLANNED_VISIT.exec(joined) ?? (dates.some((d) => d.precision !== 'year') ? statedPurpose(text) : null);
  if (visit) return { index: visit.index, length: visit[0].length, country: cityAt(visit[0])?.country ?? DESTINATION };
  const toCity = visitorFile ? visitToCanadianCity(joined) : undefined;
  return toCity && { ...toCity, country: DESTINATION };
}
