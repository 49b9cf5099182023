// The date-of-birth selects (day, month, year) as the YYYY-MM-DD string the shared schema checks.
export type DateParts = { day: string; month: string; year: string };

/** '' when a part is missing, so the schema answers "Enter your date of birth ({{min_age}}+)". */
export function composeDateOfBirth({ day, month, year }: DateParts): string {
  if (!day || !month || !year) return '';
  return `${year.padStart(4, '0')}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** Years a member of at least `minAge` and at most `maxAge` can be born in, newest first. */
export function getBirthYears(currentYear: number, minAge: number, maxAge: number): number[] {
  const years: number[] = [];
  for (let year = currentYear - minAge; year >= currentYear - maxAge; year--) years.push(year);
  return years;
}
