/**
 * A small, strict XML reader for the Justice Laws consolidation files: elements, attributes, text,
 * CDATA and the five predefined entities plus numeric character references. Comments, processing
 * instructions and a DOCTYPE are skipped. No namespaces processing: `lims:id` is just an attribute name.
 */

export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlNode[];
}

export type XmlNode = XmlElement | string;

/** The input is not well-formed XML; `offset` is the character position where reading stopped. */
export class XmlSyntaxError extends Error {
  override readonly name = 'XmlSyntaxError';
  constructor(message: string, readonly offset: number) {
    super(`${message} (at character ${offset})`);
  }
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string, offset: number): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);|&/g, (whole, ref: string | undefined) => {
    if (ref === undefined) throw new XmlSyntaxError('bare "&" in text', offset);
    if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    const named = NAMED_ENTITIES[ref];
    if (named === undefined) throw new XmlSyntaxError(`unknown entity ${whole}`, offset);
    return named;
  });
}

const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function readAttributes(source: string, offset: number): Record<string, string> {
  const attributes: Record<string, string> = {};
  ATTRIBUTE.lastIndex = 0;
  let consumed = 0;
  for (let match = ATTRIBUTE.exec(source); match; match = ATTRIBUTE.exec(source)) {
    if (source.slice(consumed, match.index).trim() !== '') throw new XmlSyntaxError('malformed attribute', offset);
    attributes[match[1]] = decodeEntities(match[2] ?? match[3] ?? '', offset);
    consumed = ATTRIBUTE.lastIndex;
  }
  if (source.slice(consumed).trim() !== '') throw new XmlSyntaxError('malformed attribute', offset);
  return attributes;
}

// One markup construct at a time: comment, CDATA, processing instruction, DOCTYPE, or a tag.
const MARKUP = /<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;

interface OpenElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
  offset: number;
}

/** Parses a whole document and returns its root element. Throws XmlSyntaxError on malformed input. */
export function parseXml(input: string): XmlElement {
  const source = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const stack: OpenElement[] = [];
  let root: XmlElement | undefined;
  let position = 0;

  const addText = (text: string, offset: number) => {
    if (text === '') return;
    const parent = stack[stack.length - 1];
    if (!parent) {
      if (text.trim() !== '') throw new XmlSyntaxError('text outside the root element', offset);
      return;
    }
    const last = parent.children[parent.children.length - 1];
    if (typeof last === 'string') parent.children[parent.children.length - 1] = last + text;
    else parent.children.push(text);
  };

  MARKUP.lastIndex = 0;
  for (let match = MARKUP.exec(source); match; match = MARKUP.exec(source)) {
    const between = source.slice(position, match.index);
    if (between.includes('<')) throw new XmlSyntaxError('unreadable markup', position + between.indexOf('<'));
    addText(decodeEntities(between, position), position);
    position = MARKUP.lastIndex;

    const [, cdata, closing, name, attributeText, selfClosing] = match;
    if (cdata !== undefined) {
      addText(cdata, match.index);
      continue;
    }
    if (name === undefined) continue; // comment, processing instruction or DOCTYPE
    if (closing) {
      const open = stack.pop();
      if (!open || open.name !== name) {
        throw new XmlSyntaxError(`</${name}> does not close ${open ? `<${open.name}>` : 'any element'}`, match.index);
      }
      const element: XmlElement = { name: open.name, attributes: open.attributes, children: open.children };
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(element);
      else root = element;
      continue;
    }
    const element: OpenElement = { name, attributes: readAttributes(attributeText ?? '', match.index), children: [], offset: match.index };
    if (selfClosing) {
      const closed: XmlElement = { name, attributes: element.attributes, children: [] };
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(closed);
      else root = closed;
    } else {
      if (!stack.length && root) throw new XmlSyntaxError('a second root element', match.index);
      stack.push(element);
    }
  }
  const rest = source.slice(position);
  if (rest.includes('<')) throw new XmlSyntaxError('unreadable markup', position + rest.indexOf('<'));
  const unclosed = stack[stack.length - 1];
  if (unclosed) throw new XmlSyntaxError(`<${unclosed.name}> is never closed`, unclosed.offset);
  if (!root) throw new XmlSyntaxError('no root element', 0);
  if (rest.trim() !== '') throw new XmlSyntaxError('text after the root element', position);
  return root;
}

/** Child elements of `element`, optionally only those named `name`. */
export function childElements(element: XmlElement, name?: string): XmlElement[] {
  return element.children.filter((c): c is XmlElement => typeof c !== 'string' && (name === undefined || c.name === name));
}

/** The first child element named `name`. */
export function firstChild(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((c): c is XmlElement => typeof c !== 'string' && c.name === name);
}

/** Every descendant element named `name`, in document order. */
export function descendants(element: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const visit = (node: XmlElement) => {
    for (const child of node.children) {
      if (typeof child === 'string') continue;
      if (child.name === name) found.push(child);
      visit(child);
    }
  };
  visit(element);
  return found;
}
