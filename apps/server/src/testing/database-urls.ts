// The server tests' databases on a real PostgreSQL: TEST_DATABASE_URL, and PostgreSQL itself
// (TEST_DATABASE_DIRECT_URL) when the first is a pooler, as CI runs them.

/** `serverUrl` (maybe a pooler) and PostgreSQL itself (TEST_DATABASE_DIRECT_URL), on database `name`. */
export function databaseUrls(serverUrl: string, name: string) {
  const onDatabase = (base: string) => {
    const url = new URL(base);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const direct = process.env.TEST_DATABASE_DIRECT_URL;
  return {
    url: onDatabase(serverUrl),
    directUrl: direct ? onDatabase(direct) : undefined,
    /** Where databases are made and dropped: PostgreSQL itself. */
    adminUrl: direct ?? serverUrl,
  };
}
