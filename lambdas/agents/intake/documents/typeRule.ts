/**
 * The shapes of the document classifier's rules, below every rule table and the classifier itself,
 * so that they import this module and never each other: a keyword signal, a keyword rule for a
 * document type, and an IRCC form rule.
 */
import type { DocumentType } from '../../../contracts/intakeOutput';

export interface Signal {
  /** Our own wording of the signal, safe to show (never document text). */
  label: string;
  pattern: RegExp;
  weight: number;
}

/** A keyword signal: `weight` 5-6 = the document names itself, 3-4 = characteristic phrase, 1-2 = supporting vocabulary. */
export const signal = (label: string, pattern: RegExp, weight: number): Signal => ({ label, pattern, weight });

export interface TypeRule {
  type: DocumentType;
  /** Human name of the type, used in reasons. */
  name: string;
  signals: Signal[];
  /** Matched against the file name (lower case, separators as spaces). */
  fileName?: RegExp;
  /**
   * Documents that name themselves in their title (certificates, statements, receipts). Elsewhere
   * their vocabulary is usually a mention ("police certificate enclosed"), so body hits count half.
   */
  selfTitled?: boolean;
}

export interface FormRule {
  type: DocumentType;
  number: string;
  title?: RegExp;
}
