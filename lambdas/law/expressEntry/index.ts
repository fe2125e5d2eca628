export { expressEntryEligibility, expressEntryClasses } from './expressEntryRules';
export { allEligibilityRules } from './eligibilityData';
