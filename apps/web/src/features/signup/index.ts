// The signup feature's public entry: other features import only what is exported here.
export { DateOfBirthField } from './components/date-of-birth-field.tsx';
export { composeDateOfBirth, type DateParts } from './lib/date-of-birth.ts';
