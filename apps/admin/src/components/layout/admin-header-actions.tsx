/** Right side of the admin header (the session's Logout button lives here). */
export function AdminHeaderActions() {
  return <div className="b-row" />;
}
