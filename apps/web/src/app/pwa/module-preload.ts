/**
 * The chunks a signed-in member's pages import: the members' routes, the session, the signed-in
 * home and the members' chrome (header bell, tab bar, offline sync).
 */
const MEMBER_CHUNK =
  /^assets\/(member-chrome|member-home|after-first-session|exercises-page|program-page|round-results-page|programs-page|progress-page|news-page|profile-page|profile-completion-page|coaching-page|manage-page|session-page)-[\w-]+\.js$/;

/**
 * Vite's `build.modulePreload.resolveDependencies`: which of a lazily imported chunk's dependencies
 * get a `<link rel="modulepreload">` when it is imported. None for the members' chunks: a member's
 * browser loads them from the service worker's precache, where a hint saves no round trip, and each
 * hint inserted is main-thread work in the middle of the page's render (about 2 ms a link in
 * Chromium 156; thirty of them held /program's first render for 140 ms). Visitors' pages keep
 * theirs: on a phone's network each saves a round trip (their Lighthouse LCP, docs/performance.md).
 */
export function preloadedDependencies(chunk: string, dependencies: string[]) {
  return MEMBER_CHUNK.test(chunk) ? [] : dependencies;
}
