import { isAscii } from 'node:buffer';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

let folder: string | undefined;

/**
 * The folder of the committed statute files (`data/laws/`), found by walking up from this module:
 * three levels from the sources, two from the CLI bundle in `dist/cli/`, and beside the handler in a
 * Lambda package that ships the folder as `data/laws/`. The files are read at run time rather than
 * bundled: 2 MB of JSON parses several times faster as JSON than as a JavaScript literal, and a
 * command that checks no provision never reads them.
 */
export function statuteDataFolder(): string {
  if (folder) return folder;
  for (let dir = __dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'data', 'laws', 'irpa.json'))) return (folder = join(dir, 'data', 'laws'));
    if (dirname(dir) === dir) throw new Error(`the statute index (data/laws/irpa.json) was not found above ${__dirname}`);
  }
}

/** One committed statute file, parsed; its shape is checked by the caller. */
export function readStatuteFile(name: `${'irpa' | 'irpr'}${'' | '.en' | '.fr'}.json`): unknown {
  const bytes = readFileSync(join(statuteDataFolder(), name));
  // The index files are written in ASCII (`\u` escapes), which decodes several times faster than UTF-8.
  return JSON.parse(bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8')) as unknown;
}
