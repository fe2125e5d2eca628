/** Why a citation provably cannot exist, checked piece by piece; each returns undefined when the piece can be right. */

export function futureYear(year: number, now: Date): string | undefined {
  const current = now.getUTCFullYear();
  return year > current ? `year ${year} is in the future (current year ${current})` : undefined;
}

/** A year outside [first, last] of what issued or printed the citation; `what` names it. */
export function yearOutside(year: number, what: string, first?: number, last?: number, note?: string): string | undefined {
  const why = note ? ` (${note})` : '';
  if (first !== undefined && year < first) return `${what} begin in ${first}; ${year} is too early${why}`;
  if (last !== undefined && year > last) return `${what} end in ${last}; ${year} is too late${why}`;
  return undefined;
}

/** A number that must be between 1 and `max`. */
export function numberOutside(value: number, what: string, max?: number): string | undefined {
  if (value < 1) return `${what} ${value} is not a valid number`;
  if (max !== undefined && value > max) return `${what} ${value} cannot exist (never more than ${max})`;
  return undefined;
}

/** The first problem found, in the order given. */
export function firstProblem(...problems: Array<string | undefined>): string | undefined {
  return problems.find((p) => p !== undefined);
}
