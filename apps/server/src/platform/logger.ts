import pino from 'pino';

export function createLogger(level: string) {
  return pino({
    level,
    redact: {
      paths: ['password', 'newPassword', '*.password', '*.newPassword', 'headers.cookie'],
      remove: true,
    },
  });
}
