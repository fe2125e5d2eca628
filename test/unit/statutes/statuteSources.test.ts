import { repealedBy } from '../../../data/laws/mergeLanguages';
import { plainText } from '../../../data/laws/readStatuteXml';
import { labelValues, UnreadableLabel } from '../../../data/laws/statuteLabels';
import { parseXml, XmlSyntaxError, type XmlElement } from '../../../data/laws/xmlReader';

describe('reading the consolidation XML', () => {
  it('reads elements, attributes, text, entities and CDATA, skipping the declaration and comments', () => {
    const root = parseXml(
      '\ufeff<?xml version="1.0" encoding="utf-8"?><!-- note --><Section lims:id="1" a=\'x &amp; y\'><Label>16</Label><Text>A &lt;b&gt; &#233;&#x2014;<![CDATA[<raw>]]></Text><Empty/></Section>',
    );
    expect(root.name).toBe('Section');
    expect(root.attributes).toEqual({ 'lims:id': '1', a: 'x & y' });
    const text = root.children[1] as XmlElement;
    expect(text.children).toEqual(['A <b> é—<raw>']);
    expect((root.children[2] as XmlElement).name).toBe('Empty');
  });

  it.each([
    ['<a><b></a>', /does not close/],
    ['<a>', /never closed/],
    ['<a></a><b></b>', /second root/],
    ['<a>&nbsp;</a>', /unknown entity/],
    ['<a x="1" x="2"/>', /repeated/],
    ['text', /no root element|outside the root/],
  ])('refuses malformed XML %j', (input, message) => {
    expect(() => parseXml(input)).toThrow(XmlSyntaxError);
    expect(() => parseXml(input)).toThrow(message);
  });

  it('takes the words of a unit without footnote markers, with a space before a repeal marker', () => {
    const definition = parseXml('<Text><DefinedTermEn>student</DefinedTermEn><Repealed>[Repealed, SOR/2014-14, s. 1]</Repealed></Text>');
    expect(plainText(definition)).toBe('student [Repealed, SOR/2014-14, s. 1]');
    const noted = parseXml('<Label><FootnoteRef idref="n">*</FootnoteRef>193</Label>');
    expect(plainText(noted)).toBe('193');
    expect(plainText(parseXml('<Text>one\u2002two<LineBreak/>three</Text>'))).toBe('one two three');
  });

  it('names the repealing instrument from the marker, English or French', () => {
    expect(repealedBy('[Repealed, 2012, c. 17, s. 7]')).toBe('2012, c. 17, s. 7');
    expect(repealedBy('[Abrogée, DORS/2014-14, art. 1]')).toBe('DORS/2014-14, art. 1');
  });
});

describe('labels as printed', () => {
  it.each([
    ['16', 'section', ['16']],
    ['4.1', 'section', ['4.1']],
    ['(1.1)', 'subsection', ['1.1']],
    ['(b.01)', 'paragraph', ['b.01']],
    ['a)', 'paragraph', ['a']],
    ['(iii)', 'subparagraph', ['iii']],
    ['(A)', 'clause', ['A']],
    ['(2) and (3)', 'subsection', ['2', '3']],
    ['(2) et (3)', 'subsection', ['2', '3']],
    ['(3) to (5)', 'subsection', ['3', '4', '5']],
    ['c) et d)', 'paragraph', ['c', 'd']],
    ['(d) to (g)', 'paragraph', ['d', 'e', 'f', 'g']],
    ['d) à g)', 'paragraph', ['d', 'e', 'f', 'g']],
    ['204 and 205', 'section', ['204', '205']],
    ['227.1 to 232', 'section', ['227.1', '228', '229', '230', '231', '232']],
    ['(ii) to (iv)', 'subparagraph', ['ii', 'iii', 'iv']],
  ] as const)('reads %j (%s) as %j', (label, kind, expected) => {
    expect(labelValues(label, kind)).toEqual(expected);
  });

  it('refuses a label it cannot read rather than guessing', () => {
    expect(() => labelValues('(a) or (b)', 'paragraph')).toThrow(UnreadableLabel);
    expect(() => labelValues('(5) to (3)', 'subsection')).toThrow(UnreadableLabel);
  });
});
