import type { PDFDocument, PDFPage } from 'pdf-lib';
import { COLORS, PAGE } from './pdfTheme';
import type { Line, TextLayout } from './text/textLayout';

/** A section title and the page (0-based) it starts on: the contents list and the PDF outline read these. */
export interface SectionStart {
  title: string;
  pageIndex: number;
  /** Top of the heading on its page (PDF points from the bottom), for the outline's destination. */
  top: number;
}

/**
 * The body of report.pdf as it flows from page to page: a cursor (`y`, the top of the free space on
 * the current page, in PDF points from the bottom) that moves down as blocks are drawn, and a new page
 * whenever a block needs more room than is left above the running footer.
 */
export class PageFlow {
  readonly pages: PDFPage[] = [];
  readonly sections: SectionStart[] = [];
  private current: PDFPage | undefined;
  y: number = PAGE.bodyTop;
  /** The foot of the body on page one, which keeps room below the memo for the cover's contents. */
  firstPageBottom: number = PAGE.bodyBottom;

  constructor(
    readonly doc: PDFDocument,
    readonly text: TextLayout,
  ) {}

  get page(): PDFPage {
    if (!this.current) this.newPage();
    return this.current!;
  }

  /** Adds a page painted paper white, with the cursor at the top of its body. */
  newPage(): PDFPage {
    const page = this.doc.addPage([PAGE.width, PAGE.height]);
    page.drawRectangle({ x: 0, y: 0, width: PAGE.width, height: PAGE.height, color: COLORS.paper });
    this.pages.push(page);
    this.current = page;
    this.y = PAGE.bodyTop;
    return page;
  }

  /** Room left on the current page, in points. */
  get room(): number {
    return this.y - this.bottom;
  }

  /** The foot of the body on the current page. */
  get bottom(): number {
    return this.pages.length === 1 ? this.firstPageBottom : PAGE.bodyBottom;
  }

  get atTop(): boolean {
    return this.y >= PAGE.bodyTop;
  }

  /** Starts a new page unless `height` points fit below the cursor. */
  ensure(height: number): void {
    if (!this.current || this.room < height) this.newPage();
  }

  /** Moves the cursor down (not at the top of a page: space never opens a page). */
  gap(height: number): void {
    if (!this.atTop) this.y = Math.max(this.bottom, this.y - height);
  }

  /** Where the baseline of a line sits in a line box of `leading` whose top is `top`. */
  static baseline(top: number, size: number, leading: number): number {
    return top - (leading + 0.72 * size) / 2;
  }

  /** Draws lines at `x`, one per `leading`, breaking to a new page whenever the next line would not fit. */
  drawLines(lines: readonly Line[], x: number, size: number, leading: number): void {
    for (const line of lines) {
      this.ensure(leading);
      this.text.draw(this.page, line, x, PageFlow.baseline(this.y, size, leading));
      this.y -= leading;
    }
  }

  recordSection(title: string): void {
    this.sections.push({ title, pageIndex: this.pages.length - 1, top: this.y });
  }
}
