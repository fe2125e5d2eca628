/** The command line's options, shared by the CLI and the `run` front (runFront.ts). */
export const OPTIONS = {
  workflow: { type: 'string' },
  tier: { type: 'string' },
  model: { type: 'string' },
  gates: { type: 'string' },
  ocr: { type: 'string' },
  out: { type: 'string' },
  json: { type: 'boolean' },
  port: { type: 'string' },
  format: { type: 'string' },
  review: { type: 'string' },
  approve: { type: 'boolean' },
  return: { type: 'string' },
  note: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;
