/**
 * What identifies each document type: IRCC form numbers and titles, and weighted keyword signals.
 * Weights: 5-6 = the document names itself ("Marriage Certificate"), 3-4 = characteristic phrase,
 * 1-2 = supporting vocabulary. Hits in the title zone count double (see classifyDocument).
 */
import { LETTER_TYPE_RULES } from './letterTypeRules';
import { RECORD_TYPE_RULES } from './recordTypeRules';
import type { FormRule, TypeRule } from './typeRule';

export const FORM_RULES: FormRule[] = [
  { type: 'imm-5257', number: '5257', title: /application for (?:a )?(?:visitor visa|temporary resident visa)/i },
  { type: 'imm-1294', number: '1294', title: /application for (?:a )?study permit/i },
  { type: 'imm-1295', number: '1295', title: /application for (?:a )?work permit/i },
  { type: 'imm-1344', number: '1344', title: /application to sponsor,? sponsorship agreement/i },
  { type: 'imm-5532', number: '5532', title: /relationship information and sponsorship evaluation/i },
  { type: 'imm-5645', number: '5645' },
  { type: 'imm-5669', number: '5669', title: /schedule a\b.{0,20}background\s*\/\s*declaration/i },
  { type: 'imm-5476', number: '5476', title: /use of a representative/i },
  { type: 'imm-5707', number: '5707' },
];

/** "IMM 5257", "IMM5257", "IMM-5257", "IMM 5257 E", "IMM 1294 (E)", "IMM 5257 (10-2023) E". */
export const IMM_FORM_NUMBER =
  /\bIMM[\s\u00A0\-\u2010-\u2014]*(\d{4})(\s*\((?:\d{2}[-/]\d{2,4}|[EF])\))?(\s*[EF]\b)?/gi;

/** Keyword rules for every non-form type; order breaks ties (letters first). */
export const TYPE_RULES: TypeRule[] = [...LETTER_TYPE_RULES, ...RECORD_TYPE_RULES];
