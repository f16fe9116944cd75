import type { toast as sonnerToast } from 'sonner';

// Sonner (~9 KB gzip) loads with the first toast instead of with every page. A toast
// fired before it is on screen waits here and is shown, in order, as soon as the toaster mounts.
type Sonner = typeof sonnerToast;
type Args = Parameters<Sonner>;
type Kind = 'message' | 'success' | 'error' | 'info';

let live: Sonner | undefined;
const waiting: [Kind, Args][] = [];
let isWanted = false;
const listeners = new Set<() => void>();

function show(kind: Kind, args: Args) {
  if (live) {
    if (kind === 'message') live(...args);
    else live[kind](...args);
    return;
  }
  waiting.push([kind, args]);
  if (!isWanted) {
    isWanted = true;
    for (const listener of listeners) listener();
  }
}

/** The toasts every page fires; the same calls as sonner's `toast`. */
export const toast = Object.assign((...args: Args) => show('message', args), {
  success: (...args: Args) => show('success', args),
  error: (...args: Args) => show('error', args),
  info: (...args: Args) => show('info', args),
});

/** Called once the toaster is mounted: from then on toasts go straight to sonner. */
export function toasterMounted(sonner: Sonner) {
  live = sonner;
  for (const [kind, args] of waiting.splice(0)) show(kind, args);
}

/** For the lazy toaster: true once a toast has been fired. */
export const toasterWanted = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => isWanted,
};
