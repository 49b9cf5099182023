// Whether a member is logged in. Visitors only until the accounts work replaces the body with the session state.
export function useIsLoggedIn(): boolean {
  return false;
}
