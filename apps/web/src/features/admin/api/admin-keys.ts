// The root of every query key of the console; each API file's key factory builds on it. A staff login or logout
// forgets everything under it except the staff member (`staffKeys.me`).
export const adminKeys = { all: ['admin'] as const };
