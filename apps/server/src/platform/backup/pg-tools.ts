import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The major version of a PostgreSQL client tool on PATH (pg_dump, pg_restore), or null. */
export async function toolMajor(tool: 'pg_dump' | 'pg_restore'): Promise<number | null> {
  try {
    const { stdout } = await run(tool, ['--version']);
    const match = /\(PostgreSQL\)\s+(\d+)/.exec(stdout);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * Runs pg_dump / pg_restore against a connection URL. The password goes through PGPASSWORD,
 * not the command line, where any local user could read it in the process list.
 */
export async function runTool(tool: 'pg_dump' | 'pg_restore', url: string, args: string[]) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  try {
    await run(tool, [...args, '--dbname', parsed.toString()], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr?.trim();
    throw new Error(`${tool} failed${stderr ? `: ${stderr}` : ''}`);
  }
}
