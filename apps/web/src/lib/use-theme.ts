import { useSyncExternalStore } from 'react';
import { currentThemeChoice, subscribeThemeChoice, type Theme, type ThemeChoice } from './theme';

/** The choice on this device (System, Light, Dark), re-rendering when it changes. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(
    (onChange) => {
      const stop = subscribeThemeChoice(onChange);
      return () => void stop();
    },
    currentThemeChoice,
    () => 'system',
  );
}

/** The theme on screen now (for components that draw their own colours, like the toaster). */
export function useTheme(): Theme {
  return useSyncExternalStore(
    (onChange) => {
      const stop = subscribeThemeChoice(onChange);
      return () => void stop();
    },
    () => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'),
    () => 'light',
  );
}
