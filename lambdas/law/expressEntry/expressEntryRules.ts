/**
 * Express Entry eligibility: for a new application for permanent residence in an Express Entry
 * class, each class the file names is assessed on its own requirements (IRPR 87.1 Canadian
 * experience, 75–76 federal skilled worker, 87.2 federal skilled trades). What the file cannot
 * establish is a check, so the report carries an honest "to check" list rather than silence. A
 * refusal file is not assessed here: what the officer decided is reviewed instead.
 */
import type { ProvisionFinding } from '../../contracts/legalAnalysis';
import { isRefusalFile, type CaseInput } from '../caseInput';
import { findingOf } from '../provisions/ruleData';
import { applicationDay } from './applicationDay';
import { canadianExperience } from './canadianExperience';
import { eligibilityRule } from './eligibilityData';
import { federalSkilledTrades } from './federalSkilledTrades';
import { federalSkilledWorker, primaryTeer } from './federalSkilledWorker';
import { languageThreshold } from './languageThreshold';
import type { ExpressEntryClass } from './languageLevels';

const CLASSES: readonly ExpressEntryClass[] = ['cec', 'fsw', 'fst'];

/** The Express Entry classes the file names (sub-kinds `express-entry:<class>`), or none. */
export function expressEntryClasses(input: CaseInput): ExpressEntryClass[] | undefined {
  const app = input.facts.application;
  if (input.applicationType !== 'permanent-residence' && app.kind !== 'permanent-residence') return undefined;
  if (!app.subKinds.some((s) => s === 'express-entry' || s.startsWith('express-entry:'))) return undefined;
  return CLASSES.filter((c) => app.subKinds.includes(`express-entry:${c}`));
}

export function expressEntryEligibility(input: CaseInput): ProvisionFinding[] {
  if (isRefusalFile(input)) return [];
  const classes = expressEntryClasses(input);
  if (!classes) return [];
  if (classes.length === 0) {
    const rule = eligibilityRule('ee:class-not-named');
    return [findingOf(rule, 'check', 'The file is an Express Entry application but names no class, so its experience, language and funds requirements are not assessed.', input.facts.application.evidence.slice(0, 2))];
  }
  const day = applicationDay(input);
  const teer = primaryTeer(input);
  return classes.flatMap((cls) => {
    const own = cls === 'cec' ? canadianExperience(input, day) : cls === 'fsw' ? federalSkilledWorker(input, day) : federalSkilledTrades(input, day);
    return [...own, ...languageThreshold(input, cls, teer, day)];
  });
}
