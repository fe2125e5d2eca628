import { lookupProvision } from '../../../core/statutes/lookupProvision';
import { provisionText } from '../../../core/statutes/provisionTree';
import { statuteExcerpt } from '../../../core/statutes/statuteExcerpt';
import { tokenize } from '../../../core/research/bm25';

/**
 * The words of a cited provision, verbatim from the consolidated statute (data/laws): the passage
 * of at most 240 characters that best matches what the provision is cited for, with an ellipsis
 * where it was cut. Undefined for a provision the statute does not have in force (the verifier
 * reports those).
 */
export function statuteQuote(provisionId: string, citedFor: string): string | undefined {
  const found = lookupProvision(provisionId);
  if (found.status !== 'in-force') return undefined;
  const text = provisionText(found.provision);
  if (!text.trim()) return undefined;
  const excerpt = statuteExcerpt(text, tokenize(citedFor));
  if (!excerpt.partial) return excerpt.text;
  const before = text.startsWith(excerpt.text) ? '' : '… ';
  const after = text.endsWith(excerpt.text) ? '' : ' …';
  return `${before}${excerpt.text}${after}`;
}
