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

/**
 * iPhone and iPad browsers never offer to install: the app is added from the Share menu instead.
 * iPadOS reads as a Mac, told apart by its touch screen. Not shown once opened from the home screen.
 */
export function needsAddToHomeScreenHelp(device: {
  userAgent: string;
  maxTouchPoints: number;
  isStandalone: boolean;
}) {
  if (device.isStandalone) return false;
  return (
    /iPhone|iPad|iPod/.test(device.userAgent) ||
    (/Macintosh/.test(device.userAgent) && device.maxTouchPoints > 1)
  );
}

export const isAddToHomeScreenDevice = () =>
  typeof navigator !== 'undefined' &&
  needsAddToHomeScreenHelp({
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    isStandalone:
      (navigator as Navigator & { standalone?: boolean }).standalone === true ||
      window.matchMedia?.('(display-mode: standalone)').matches === true,
  });
