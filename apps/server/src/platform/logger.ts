import pino from 'pino';

/**
 * The process's logger, JSON lines to stdout. `buffered` (the server): lines are written
 * asynchronously, several in one write while one is under way, instead of one blocking write per
 * line (issue 23: a synchronous write per request log was a syscall on every request); pino
 * flushes what is left when the process exits.
 */
export function createLogger(level: string, { buffered = false }: { buffered?: boolean } = {}) {
  return pino(
    {
      level,
      redact: {
        paths: ['password', 'newPassword', '*.password', '*.newPassword', 'headers.cookie'],
        remove: true,
      },
    },
    buffered ? pino.destination({ dest: 1, sync: false }) : undefined,
  );
}
