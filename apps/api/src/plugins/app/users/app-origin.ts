/**
 * Which page may use the admin app's session routes (docs/decisions/0052). The web shop and the admin app may share
 * a host (different ports), and a page of either can call any path of the API on it through its own proxy: the
 * browser then sends every cookie of the host whose path matches, the admin's refresh cookie included. So the
 * admin's login and refresh also check who is asking: a browser names the page's origin in the Origin header of
 * every POST, and only the admin app's (PUBLIC_ADMIN_URL) is admitted.
 * - No Origin header: not a page in a browser (curl, a test, a server): admitted, as the cookie still has to be
 *   presented, and no page of the shop can send a POST without one.
 * - A loopback admin URL (the default http://127.0.0.1:5174) also admits localhost and [::1] on the same scheme and
 *   port: the same app, opened under another name of this machine.
 */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

const isLoopback = (host: string) => LOOPBACK.has(host) || /^127\.\d+\.\d+\.\d+$/.test(host);

export function isAdminOrigin(origin: string | undefined, adminUrl: string): boolean {
  if (origin === undefined) return true;
  let asked: URL;
  try {
    asked = new URL(origin);
  } catch {
    return false; // 'null' (a sandboxed or opaque origin) and anything else that is not a URL
  }
  const admin = new URL(adminUrl);
  if (asked.origin === admin.origin) return true;
  return (
    asked.protocol === admin.protocol &&
    asked.port === admin.port &&
    isLoopback(asked.hostname) &&
    isLoopback(admin.hostname)
  );
}
