export { addDays, addMonths, addYears, daysBetween, earlier, isoDayOf, isWeekend, later, weekday } from './days';
export { dayRange, describeDate, type DayRange } from './factDay';
export { nonJuridicalDay } from './nonJuridical';
