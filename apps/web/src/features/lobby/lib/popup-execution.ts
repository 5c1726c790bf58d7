/** Which popups apply: A logged in (plus F on a first login), B anonymous (spec section 4). */
export function popupExecution(loggedIn: boolean, firstLogin: boolean): string {
  if (!loggedIn) return 'B';
  return firstLogin ? 'A,F' : 'A';
}
