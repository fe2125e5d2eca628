/**
 * The typing lexicons are written lower-case and without accents (types.en.json `$comment`), so a
 * document is matched in the same form: letters lower-cased, accents removed, typographic
 * apostrophes and dashes made plain, every run of white space one space. Acronyms are matched on the
 * text with only its white space collapsed (`collapseSpace`), so that "GIC" is not "gic" in a word.
 */
export function collapseSpace(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

export function foldText(text: string): string {
  return collapseSpace(
    text
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(/[\u2018\u2019\u02bc`]/gu, "'")
      .replace(/[\u2010-\u2015\u2212]/gu, '-'),
  );
}
