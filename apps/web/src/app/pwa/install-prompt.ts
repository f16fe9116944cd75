import { useSyncExternalStore } from 'react';

// Chromium's install offer: kept from the moment the page loads, so the account menu
// (loaded later) can show 'Install app' while the browser offers it. Not a standard DOM type yet.
type InstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> };

let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

export function listenForInstallOffer() {
  window.addEventListener('beforeinstallprompt', (event) => {
    // The browser's own mini-infobar stays away: the offer is the account menu's entry.
    event.preventDefault();
    offer = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    changed();
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The install offer, or null when the browser makes none (installed already, not supported). */
export function useInstallOffer() {
  const current = useSyncExternalStore(subscribe, () => offer);
  if (!current) return null;
  return async () => {
    await current.prompt();
    await current.userChoice;
    // An offer can be used once: the browser makes a new one if the member declined.
    offer = null;
    changed();
  };
}
