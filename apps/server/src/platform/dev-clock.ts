// A browser test of "the next day's card at the member's midnight" moves the server's
// clock as it moves the browser's. Outside production only (deps.ts), set through POST /dev/clock;
// every rule that reads deps.now() follows it (better-auth keeps its own time for sessions).

export type DevClock = { now: () => Date; set: (at: Date | null) => void };

export function createDevClock(): DevClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    set: (at) => {
      offsetMs = at ? at.getTime() - Date.now() : 0;
    },
  };
}
