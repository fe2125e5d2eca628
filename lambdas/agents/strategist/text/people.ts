/** The partners' family names, as the profile gives them, for finding both on one document. */
import type { ApplicantProfile } from '../../../contracts/intakeOutput';

/** "KETTERIDGE, Daniel Ross" → KETTERIDGE; "Rowena Tabanao CATAPANG" → CATAPANG; "Thi Lan Nguyen" → Nguyen. */
export function familyName(full: string | undefined): string | undefined {
  if (!full) return undefined;
  const value = full.trim();
  if (value.includes(',')) return value.split(',')[0].trim() || undefined;
  const words = value.split(/\s+/);
  const capitals = words.filter((w) => w.length >= 2 && w === w.toUpperCase() && /\p{Lu}/u.test(w));
  if (capitals.length) return capitals.join(' ');
  return words[words.length - 1];
}

/** The applicant's and the sponsor's family names, when the profile has them. */
export function partnerNames(profile: ApplicantProfile): string[] {
  return [familyName(profile.applicantName?.value), familyName(profile.sponsorName?.value)].filter((n): n is string => !!n && n.length >= 2);
}

/** Whether the text names every one of `names` (case-insensitive, whole words). */
export function namesAll(text: string, names: readonly string[]): boolean {
  return names.length > 0 && names.every((n) => new RegExp(`(?<![\\p{L}])${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'iu').test(text));
}
