import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

let root: string | undefined;

/**
 * The project's root folder (the one holding `statemachines/` and `local/`), found from this
 * module's folder: the same answer whether the code runs from its TypeScript sources or from the
 * precompiled bundle in `dist/`, where `__dirname` is the bundle's folder.
 */
export function projectRoot(): string {
  if (root) return root;
  let dir = __dirname;
  while (!existsSync(join(dir, 'statemachines')) || !existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`cannot find the project root above ${__dirname}`);
    dir = parent;
  }
  root = dir;
  return root;
}
