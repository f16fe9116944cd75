/** True when the URL's path has a percent-escape that does not decode (`/blog/%`, `%E0%A4%A`). */
export function hasMalformedEscape(url: string) {
  const { pathname } = new URL(url);
  if (!pathname.includes('%')) return false;
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}
