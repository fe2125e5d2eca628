import '../local/polyfills';
import { benchCliRun } from './cliRun';
import { benchSessionStore } from './sessionStore';
import { benchPdfExtraction } from './pdfExtraction';
import { benchCitations } from './citations';
import { benchVerification } from './verification';
import { benchResearch } from './research';
import { benchArchiveBounds } from './archiveBounds';
import { benchWorkflowRuns } from './workflowRuns';
import { benchStatuteIndex } from './statuteIndex';
import { benchCitationReading } from './citationReading';
import { benchCdk } from './cdkSynth';

/** `npm run bench`: prints numbers; asserts nothing (the machines are shared and noisy). */
async function main() {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const results: Record<string, unknown> = {};
  const benches: Array<[string, () => Promise<unknown>]> = [
    ['cliRun (target ≤ 3000 ms for a 10-document example)', () => benchCliRun()],
    ['workflowRuns (target ≤ 1500 ms wall per example, rules only, host up)', () => benchWorkflowRuns()],
    ['sessionStore (target p99 ≤ 20 ms)', () => benchSessionStore()],
    ['pdfExtraction (target ≤ 2× pdftotext on 300 pages)', () => benchPdfExtraction()],
    ['citations (target: index load ≤ 100 ms)', () => benchCitations()],
    ['verification (target: verifying 200 citations ≤ 50 ms)', () => benchVerification()],
    ['research (BM25 build, search, a full detective run)', () => benchResearch()],
    ['statuteIndex (target: cold load ≤ 50 ms)', () => benchStatuteIndex()],
    ['citationReading (target: read + verify a 300-page document ≤ 200 ms)', () => benchCitationReading()],
    ['cdk (synth time; agent bundles ≤ 1 MB, intake ≤ 2 MB; import ≤ 300 ms)', () => benchCdk()],
    ['archiveBounds (four 3 GiB DOCX bombs; target: all too-large, peak memory ≤ 1 GB)', () => benchArchiveBounds()],
  ];
  for (const [name, run] of benches) {
    process.stderr.write(`bench: ${name}…\n`);
    results[name] = await run();
    process.stdout.write(`${name}\n${JSON.stringify(results[name], null, 2)}\n\n`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
