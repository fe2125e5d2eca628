/**
 * Reads the Justice Laws consolidation files into a small element tree. The XML itself is checked
 * and parsed by fast-xml-parser (`XMLValidator`, then `XMLParser` in preserveOrder mode, which keeps
 * mixed content such as `text <DefinedTermEn>term</DefinedTermEn> text` in document order); this
 * module only turns its output into `XmlElement`s and decodes character references.
 *
 * Text and attribute values are decoded here rather than by the parser so that an unknown entity
 * (`&nbsp;`, or one declared in a DOCTYPE) stops the build instead of passing through as written:
 * only the five predefined entities and numeric character references are accepted. CDATA is kept
 * as written. Comments, processing instructions and a DOCTYPE are skipped. No namespace
 * processing: `lims:id` is just an attribute name. Line ends are normalised to `\n` (XML 1.0 §2.11).
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlNode[];
}

export type XmlNode = XmlElement | string;

/** The input is not well-formed XML; `offset` is the character position where reading stopped (-1 when unknown). */
export class XmlSyntaxError extends Error {
  override readonly name = 'XmlSyntaxError';
  constructor(message: string, readonly offset: number) {
    super(`${message} (at character ${offset})`);
  }
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string, source: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);|&/g, (whole, ref: string | undefined) => {
    if (ref === undefined) throw new XmlSyntaxError('bare "&" in text', source.indexOf(text));
    if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    const named = NAMED_ENTITIES[ref];
    if (named === undefined) throw new XmlSyntaxError(`unknown entity ${whole}`, source.indexOf(whole));
    return named;
  });
}

const TEXT = '#text';
const CDATA = '#cdata';
const ATTRIBUTES = ':@';

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: false,
  cdataPropName: CDATA,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

/** One node of fast-xml-parser's preserveOrder output: `{ [tag]: children, ':@'?: attributes }`, `{ '#text': … }` or `{ '#cdata': [{ '#text': … }] }`. */
type OrderedNode = Record<string, unknown>;

function offsetOf(source: string, line: number, col: number): number {
  let at = 0;
  for (let current = 1; current < line; current += 1) {
    const next = source.indexOf('\n', at);
    if (next === -1) break;
    at = next + 1;
  }
  return at + col - 1;
}

/** fast-xml-parser's validation error in this reader's words (the messages callers and tests rely on). */
function syntaxError(error: { code: string; msg: string; line: number; col: number }, source: string): XmlSyntaxError {
  const offset = offsetOf(source, error.line, error.col);
  const mismatch = /^Expected closing tag '([^']*)' .* instead of closing tag '([^']*)'\.$/.exec(error.msg);
  if (mismatch) return new XmlSyntaxError(`</${mismatch[2]}> does not close <${mismatch[1]}>`, offset);
  const unclosed = /^Unclosed tag '([^']*)'\.$/.exec(error.msg);
  if (unclosed) return new XmlSyntaxError(`<${unclosed[1]}> is never closed`, offset);
  if (/^Invalid '\[.*\]' found\.$/.test(error.msg)) return new XmlSyntaxError(`elements are never closed: ${error.msg.slice(8, -8)}`, -1);
  const unopened = /^Closing tag '([^']*)' has not been opened\.$/.exec(error.msg);
  if (unopened) return new XmlSyntaxError(`</${unopened[1]}> does not close any element`, offset);
  if (error.msg === 'Multiple possible root nodes found.') return new XmlSyntaxError('a second root element', offset);
  if (error.msg === 'Start tag expected.') return new XmlSyntaxError('no root element', 0);
  if (error.msg === 'Extra text at the end') return new XmlSyntaxError('text after the root element', offset);
  if (error.msg === "char '&' is not expected.") return new XmlSyntaxError('bare "&" in text', offset);
  if (/^char '.*' is not expected\.$/.test(error.msg)) return new XmlSyntaxError('text outside the root element', offset);
  return new XmlSyntaxError(error.msg.replace(/\.$/, ''), offset);
}

function tagOf(node: OrderedNode): string | undefined {
  return Object.keys(node).find((key) => key !== ATTRIBUTES && key !== TEXT && key !== CDATA);
}

function toElement(node: OrderedNode, name: string, source: string): XmlElement {
  const attributes: Record<string, string> = {};
  for (const [key, value] of Object.entries((node[ATTRIBUTES] ?? {}) as Record<string, string>)) attributes[key] = decodeEntities(String(value), source);
  const children: XmlNode[] = [];
  const addText = (text: string) => {
    if (text === '') return;
    const last = children[children.length - 1];
    if (typeof last === 'string') children[children.length - 1] = last + text;
    else children.push(text);
  };
  for (const child of node[name] as OrderedNode[]) {
    if (TEXT in child) addText(decodeEntities(String(child[TEXT]), source));
    else if (CDATA in child) addText((child[CDATA] as OrderedNode[]).map((part) => String(part[TEXT] ?? '')).join(''));
    else {
      const tag = tagOf(child);
      if (tag !== undefined) children.push(toElement(child, tag, source));
    }
  }
  return { name, attributes, children };
}

/** Parses a whole document and returns its root element. Throws XmlSyntaxError on malformed input. */
export function parseXml(input: string): XmlElement {
  const source = (input.charCodeAt(0) === 0xfeff ? input.slice(1) : input).replace(/\r\n?/g, '\n');
  const valid = XMLValidator.validate(source);
  if (valid !== true) throw syntaxError(valid.err, source);
  let nodes: OrderedNode[];
  try {
    nodes = parser.parse(source) as OrderedNode[];
  } catch (error) {
    throw new XmlSyntaxError(error instanceof Error ? error.message : String(error), -1);
  }
  const roots = nodes.flatMap((node) => {
    const tag = tagOf(node);
    return tag === undefined ? [] : [{ node, tag }];
  });
  if (roots.length === 0) throw new XmlSyntaxError('no root element', 0);
  if (roots.length > 1) throw new XmlSyntaxError('a second root element', -1);
  return toElement(roots[0].node, roots[0].tag, source);
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
