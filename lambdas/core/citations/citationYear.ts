/** Why a citation's year cannot be right, or undefined when it can. */
export function yearProblem(year: number, now: Date, earliest: number, what: string): string | undefined {
  const current = now.getUTCFullYear();
  if (year > current) return `year ${year} is in the future (current year ${current})`;
  if (year < earliest) return `${what} begin in ${earliest}; ${year} is too early`;
  return undefined;
}
