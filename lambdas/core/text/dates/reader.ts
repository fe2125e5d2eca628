/** What a date reader is: a pass over the text that finds dates of one form, with their offsets. */
import type { DateLanguage, DateOrder, FoundDate } from './types';

/** The first reader to claim a span keeps it (readDates orders them from most to least precise). */
export type Reader = (text: string, order: DateOrder, languages: readonly DateLanguage[]) => FoundDate[];

export function byPattern(source: string, flags: string, read: (m: RegExpExecArray, order: DateOrder) => FoundDate | undefined): Reader {
  const regex = new RegExp(source, flags);
  return (text, order) => {
    const out: FoundDate[] = [];
    for (const m of text.matchAll(regex)) {
      const d = read(m as RegExpExecArray, order);
      if (d) out.push(d);
    }
    return out;
  };
}

export const spanOf = (m: RegExpExecArray) => [m.index, m.index + m[0].length] as const;
