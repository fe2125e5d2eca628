/** True when the text has anything but whitespace. */
export function hasText(text: string): boolean {
  return /\S/.test(text);
}
