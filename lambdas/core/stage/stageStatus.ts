import type { StageStatus } from '../session/sessionSchema';

/** `failed:<ErrorName>:<message>`, single line and short: a status never carries document text. */
export function failedStatus(errorName: string, message: string): StageStatus {
  const name = errorName.replace(/[^A-Za-z0-9_.]/g, '') || 'Error';
  return `failed:${name}:${(message || 'no message').replace(/\s+/g, ' ').slice(0, 200)}`;
}
