/**
 * A session ended by choice (sign-out) is ended on the server too, so its token stops working everywhere, not
 * only in this browser. Best effort: the browser forgets the token whatever the answer; `keepalive` lets the
 * request finish when the sign-out navigates away.
 */
export function endSessionOnServer(path: '/api/auth/logout' | '/api/admin/logout', token: string): void {
  void fetch(path, { method: 'POST', headers: { authorization: `Bearer ${token}` }, keepalive: true }).catch(
    () => undefined,
  );
}
