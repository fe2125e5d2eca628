import { chmod, mkdir } from 'node:fs/promises';

/** Creates a folder owner-only (0700): the data folder holds clients' documents and their extracted text. */
export async function ensurePrivateFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
}
