/**
 * Where a command's text goes: this process's stdout and stderr, or, for work the data folder's host
 * does on a command's behalf (hostedRuns.ts), back over the control channel to the command, which
 * prints it. `stderrIsTTY` is the command's terminal, wherever the work runs.
 */
export interface CommandOutput {
  stdout(text: string): void;
  stderr(text: string): void;
  stderrIsTTY: boolean;
}

export const processOutput: CommandOutput = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  get stderrIsTTY() {
    return Boolean(process.stderr.isTTY);
  },
};
