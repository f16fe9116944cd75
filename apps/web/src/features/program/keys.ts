// The program's query keys, apart from api.ts so that profile/api.ts (which api.ts imports) can
// name them too without an import cycle (WEB_SHARED in scripts/boundaries.ts).
export const programKeys = {
  state: ['program'] as const,
  session: (day: number) => ['program', 'session', day] as const,
};
