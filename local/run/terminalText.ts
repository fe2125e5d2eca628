/**
 * Text from a client's files (names, status details, messages naming them) made safe to print:
 * control characters (escape sequences, carriage returns, line breaks) and bidirectional or
 * invisible formatting characters could otherwise fake or overwrite lines in the user's terminal.
 * Each becomes a visible escape such as `\x1b` or `\u202e`; everything else is left as it is.
 */
export function terminalText(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g, (c) => {
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
