import { PDFHexString, PDFName, type PDFDocument, type PDFPage, type PDFRef } from 'pdf-lib';
import type { ContentsLink } from './coverPage';
import type { SectionStart } from './pageFlow';

/** A destination that shows `page` scrolled to `top` (PDF points from the bottom), at the reader's zoom. */
const destination = (page: PDFPage, top: number) => [page.ref, 'XYZ', null, Math.round(top), null];

/**
 * Bookmarks (the PDF outline) for the cover and every section, and clickable entries in the cover's
 * contents, so a reader can jump to a section as in a paginated brief.
 */
export function addNavigation(doc: PDFDocument, pages: readonly PDFPage[], sections: readonly SectionStart[], links: readonly ContentsLink[]): void {
  const context = doc.context;
  const entries = [{ title: 'Cover and disclaimer', pageIndex: 0, top: pages[0].getHeight() }, ...sections];
  const outline = context.nextRef();
  const refs: PDFRef[] = entries.map(() => context.nextRef());
  entries.forEach((entry, i) => {
    context.assign(
      refs[i],
      context.obj({
        Title: PDFHexString.fromText(entry.title),
        Parent: outline,
        Dest: destination(pages[entry.pageIndex], entry.top + 24),
        ...(i > 0 ? { Prev: refs[i - 1] } : {}),
        ...(i < refs.length - 1 ? { Next: refs[i + 1] } : {}),
      }),
    );
  });
  context.assign(outline, context.obj({ Type: 'Outlines', First: refs[0], Last: refs[refs.length - 1], Count: refs.length }));
  doc.catalog.set(PDFName.of('Outlines'), outline);

  const cover = pages[0];
  for (const link of links) {
    const annotation = context.register(
      context.obj({
        Type: 'Annot',
        Subtype: 'Link',
        Rect: link.rect.map((n) => Math.round(n * 100) / 100),
        Border: [0, 0, 0],
        Dest: destination(pages[link.section.pageIndex], link.section.top + 24),
      }),
    );
    cover.node.addAnnot(annotation);
  }
}
