/**
 * The assurance level an access token carries (its `aal` claim). The studio reads it only to
 * choose the next sign-in step; the server checks the level on every request.
 */
export function tokenAssurance(token: string): 1 | 2 {
  try {
    const part = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    const payload: unknown = JSON.parse(atob(part));
    return typeof payload === 'object' && payload !== null && 'aal' in payload && payload.aal === 2
      ? 2
      : 1;
  } catch {
    return 1;
  }
}
