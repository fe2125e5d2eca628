import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const TOKEN_FILE = 'serve-token';

/**
 * The bearer token of the local user, kept owner-only in the data folder: the same across restarts
 * of `case-audit serve`, so scripts keep working; delete the file to issue a new one.
 */
export async function localUserToken(home: string): Promise<string> {
  const file = join(home, TOKEN_FILE);
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (/^[0-9a-f]{64}$/.test(stored)) return stored;
  } catch {
    // none yet
  }
  const token = randomBytes(32).toString('hex');
  await writeFile(file, `${token}\n`, { mode: 0o600 });
  return token;
}

/** Whether an `Authorization` header carries exactly this bearer token (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
