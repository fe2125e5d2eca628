import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The repository root (the folder with package-lock.json), found from this file. */
export function projectRoot(): string {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package-lock.json')) && existsSync(join(dir, 'statemachines'))) return dir;
    if (dirname(dir) === dir) throw new Error(`the Case Audit project root (with package-lock.json) was not found above ${__dirname}`);
  }
}

/** An absolute path inside the repository. */
export const projectPath = (...parts: string[]): string => join(projectRoot(), ...parts);
