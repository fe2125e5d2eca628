/** The PDF.js operators the glyph-visibility replay tells apart, by name. */

/** Operators that fill the current path (a region whose colour is known). */
export const FILL_PAINTS = new Set(['fill', 'eoFill', 'fillStroke', 'eoFillStroke', 'closeFillStroke', 'closeEOFillStroke', 'rawFillPath']);
/** Operators that paint an image (a region whose colour is not known here). */
export const IMAGE_PAINTS = new Set([
  'paintImageXObject',
  'paintInlineImageXObject',
  'paintInlineImageXObjectGroup',
  'paintImageXObjectRepeat',
  'paintImageMaskXObject',
  'paintImageMaskXObjectGroup',
  'paintImageMaskXObjectRepeat',
  'paintSolidColorImageMask',
  'paintJpegXObject',
]);

/** Operator number → name, built once per OPS table (every page of a thread shares PDF.js's one). */
const opNameTables = new WeakMap<object, ReadonlyMap<number, string>>();

export function opNames(ops: Readonly<Record<string, number>>): ReadonlyMap<number, string> {
  let names = opNameTables.get(ops);
  if (!names) {
    names = new Map(Object.entries(ops).map(([name, n]) => [n, name]));
    opNameTables.set(ops, names);
  }
  return names;
}
