// The query key of the logged-in member (GET /api/user.php), in a file of its own: the session cache and the
// query that reads the member both need it, and neither imports the other's file for it.
export const userKeys = { all: ['user'] as const };
