import { withoutPageFurniture } from '../../../lambdas/agents/verifier/verification/pageFurniture';
import { collectDocumentCitations } from '../../../lambdas/agents/verifier/verification/collectCitations';

const HEADER = 'Okafor & Lindqvist LLP — Submissions in support of the application';

describe('reading a document without its running headers, footers and page numbers', () => {
  it('joins a citation that a footer, a page number and a running header split across two pages', () => {
    const pages = [
      `${HEADER}\nThe officer ignored the evidence. The leading case is Baker v. Canada (Minister of Citizenship and\nPage 1 of 3`,
      `${HEADER}\nImmigration), [1999] 2 S.C.R. 817, where the Court held that the duty of fairness is flexible.\nPage 2 of 3`,
      `${HEADER}\nConclusion.\nPage 3 of 3`,
    ];
    const inputs = collectDocumentCitations([{ docId: 'submission', pages: pages.map((text, i) => ({ page: i + 1, text })) }]);
    expect(inputs.map((i) => [i.citation, i.name])).toEqual([['[1999] 2 SCR 817', 'Baker v. Canada (Minister of Citizenship and Immigration)']]);
  });

  it('takes off page numbers in their usual forms, in English and French, and repeated headers with changing dates', () => {
    const pages = ['- 1 -\nFirst page body.\nDraft of 2025-03-01', '(2)\nSecond page body.\nDraft of 2025-03-02', 'Page 3 de 4\nThird page body.\n3/4'];
    expect(withoutPageFurniture(pages)).toEqual(['First page body.', 'Second page body.', 'Third page body.']);
  });

  it('keeps a bare number that is not the page\'s own number: it may be the page of a citation split over two lines', () => {
    const pages = ['Body of page one cites [1999] 2 S.C.R.', '817\nand goes on.'];
    expect(withoutPageFurniture(pages)).toEqual(pages);
    const [input] = collectDocumentCitations([{ docId: 'memo', pages: pages.map((text, i) => ({ page: i + 1, text })) }]);
    expect(input.citation).toBe('[1999] 2 SCR 817');
  });

  it('never touches a page\'s body, nor an edge line that stands on one page only', () => {
    const pages = ['Introduction\nSection 40(1)(a) of the Immigration and Refugee Protection Act applies.\nSee below.', 'Analysis\nThe applicant disclosed the refusal.\nEnd of analysis.'];
    expect(withoutPageFurniture(pages)).toEqual(pages);
  });
});
