/**
 * Hidden text in a Word document: runs marked hidden (`<w:vanish/>`), coloured like the page
 * (white on white, or like their own highlight), or smaller than a person can read. Word shows none
 * of it, but a program reading document.xml does. The document's pages are rebuilt without those
 * runs, with the same reader extractDocx uses, so the visible text is exactly that of the document
 * without them; the runs' text is kept aside.
 */
import { strFromU8 } from 'fflate';
import { openZip } from '../archive/boundedZip';
import { decodeXmlEntities, documentXmlToPages } from '../extractDocx';
import type { PageText } from '../../../../contracts/intakeOutput';
import type { HiddenTextRules } from './hiddenTextRules';
import { contrastRatio } from './pdfPaintMath';
import { boundText, MAX_QUARANTINED_TEXT, type QuarantinedPassage, type QuarantineReason } from '../../../../contracts/quarantinedPassage';

export interface DocxHiddenText {
  pages: PageText[];
  quarantined: QuarantinedPassage[];
}

const RUN = /<(\w+:)?r(?=[\s>/])[^>]*?(?:\/>|>([\s\S]*?)<\/\1?r>)/g;
const PROPERTIES = /<(?:\w+:)?rPr\b[^>]*>([\s\S]*?)<\/(?:\w+:)?rPr>/;
const TEXT = /<(?:\w+:)?t(?:\s[^>]*)?>([^<]*)<\/(?:\w+:)?t>/g;
const PARAGRAPH = /<(\w+:)?p(?=[\s>])[^>]*>[\s\S]*?<\/\1?p>/g;
/** Left where a hidden run was (an XML comment: the text reader skips it). */
const HIDDEN_MARK = '<!--hidden run removed by intake-->';

type Rgb = [number, number, number];

const attribute = (tag: string | undefined) => (tag ? /\bw?:?val\s*=\s*["']([^"']*)["']/.exec(tag)?.[1] : undefined);
const tagIn = (props: string, name: string) => new RegExp(`<(?:\\w+:)?${name}\\b[^>]*?/?>`).exec(props)?.[0];
const isOn = (tag: string | undefined) => tag !== undefined && !/\bw?:?val\s*=\s*["'](?:false|0|off)["']/i.test(tag);

function hexColour(value: string | undefined): Rgb | undefined {
  const m = value && /^([0-9A-Fa-f]{2})([0-9A-Fa-f]{2})([0-9A-Fa-f]{2})$/.exec(value);
  return m ? [parseInt(m[1], 16) / 255, parseInt(m[2], 16) / 255, parseInt(m[3], 16) / 255] : undefined;
}

const HIGHLIGHTS: Record<string, Rgb> = { white: [1, 1, 1], black: [0, 0, 0], yellow: [1, 1, 0], lightGray: [0.75, 0.75, 0.75], darkGray: [0.5, 0.5, 0.5] };

/** Why the run with these properties cannot be seen, if it cannot. */
function hiddenBy(props: string, rules: HiddenTextRules['pdf']): { reason: QuarantineReason; detail: string } | undefined {
  if (isOn(tagIn(props, 'vanish')) || isOn(tagIn(props, 'specVanish'))) return { reason: 'hidden-formatting', detail: 'Word run marked hidden' };
  const size = Number(attribute(tagIn(props, 'sz')));
  if (Number.isFinite(size) && size > 0 && size / 2 < rules.minFontSizePt) return { reason: 'tiny-text', detail: `${size / 2} pt` };
  const colour = hexColour(attribute(tagIn(props, 'color')));
  if (!colour) return undefined;
  const shading = hexColour(/\bw?:?fill\s*=\s*["']([^"']*)["']/.exec(tagIn(props, 'shd') ?? '')?.[1]);
  const behind = shading ?? HIGHLIGHTS[attribute(tagIn(props, 'highlight')) ?? ''] ?? ([1, 1, 1] as Rgb);
  return contrastRatio(colour, behind) < rules.minContrastRatio ? { reason: 'near-background-colour', detail: `colour #${attribute(tagIn(props, 'color'))!.toLowerCase()} on its background` } : undefined;
}

/** The main part as text, or undefined when it cannot be read (extractDocx has already said why). */
async function documentXml(bytes: Uint8Array): Promise<string | undefined> {
  try {
    const zip = await openZip(bytes);
    const entry = zip.find('word/document.xml');
    return entry ? strFromU8(await zip.read(entry), true).replace(/^\uFEFF/, '') : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The visible pages of a DOCX and its hidden runs, or undefined when nothing is hidden (or the
 * package cannot be read again, in which case the extracted text stands).
 */
export async function docxHiddenText(bytes: Uint8Array, rules: HiddenTextRules['pdf']): Promise<DocxHiddenText | undefined> {
  const xml = await documentXml(bytes);
  if (!xml) return undefined;
  const hidden: Array<{ text: string; reason: QuarantineReason; detail: string; page: number; end: number }> = [];
  // Pages are counted the way extractDocx counts them: by explicit page breaks before the run.
  const pageBreak = /<(?:\w+:)?br\b[^>]*type\s*=\s*["']page["']/g;
  const pageAt = (offset: number) => (xml.slice(0, offset).match(pageBreak)?.length ?? 0) + 1;
  const visibleXml = xml.replace(RUN, (run: string, _prefix: string | undefined, body: string | undefined, offset: number) => {
    if (!body) return run;
    const why = hiddenBy(PROPERTIES.exec(body)?.[1] ?? '', rules);
    if (!why) return run;
    const text = [...body.matchAll(TEXT)].map((m) => decodeXmlEntities(m[1])).join('');
    if (!/\S/.test(text)) return run;
    // Consecutive hidden runs (Word splits a sentence into several) make one passage.
    const last = hidden[hidden.length - 1];
    if (last && last.reason === why.reason && last.end === offset) {
      last.text += text;
      last.end = offset + run.length;
    } else hidden.push({ text, page: pageAt(offset), end: offset + run.length, ...why });
    return HIDDEN_MARK;
  });
  if (!hidden.length) return undefined;
  // A paragraph that held nothing but hidden runs goes too, so that no empty line is left where it was.
  const withoutEmptied = visibleXml.replace(PARAGRAPH, (paragraph: string) =>
    paragraph.includes(HIDDEN_MARK) && ![...paragraph.matchAll(TEXT)].some((m) => m[1] !== '') && !/<(?:\w+:)?(?:tab|br|cr)\b/.test(paragraph) ? '' : paragraph,
  );
  return {
    pages: documentXmlToPages(withoutEmptied).map((text, i) => ({ page: i + 1, text })),
    quarantined: hidden
      .filter((h) => [...h.text].filter((c) => /[\p{L}\p{N}]/u.test(c)).length >= rules.minPassageLetters)
      .map((h) => ({ page: h.page, reason: h.reason, text: boundText(h.text.replace(/\s+/g, ' ').trim(), MAX_QUARANTINED_TEXT), detail: h.detail })),
  };
}
