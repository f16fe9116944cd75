import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * What React Router's <ScrollRestoration> did in its data mode, which this app left for
 * the declarative mode. Back and forward return to where the page was scrolled (kept per history
 * entry, also across a reload); a new page opens at its top, or at its #anchor.
 */
const STORAGE_KEY = 'core28-scroll-positions';
let positions: Record<string, number> = {};
let shownKey = '';

function loadPositions() {
  try {
    positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
  } catch {
    positions = {};
  }
}

export function ScrollRestoration() {
  const { key, hash } = useLocation();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const remember = () => {
      positions[shownKey] = window.scrollY;
    };
    const save = () => {
      remember();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // storage full or blocked: back and forward then open pages at their top
      }
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    if (!shownKey) loadPositions();
    shownKey = key;
    const saved = positions[key];
    // Each history entry has a key of its own, so only back, forward and a reload find one.
    if (saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if (hash) {
      try {
        const target = document.getElementById(decodeURIComponent(hash.slice(1)));
        if (target) {
          target.scrollIntoView();
          return;
        }
      } catch {
        // not a decodable id: the page opens at its top
      }
    }
    window.scrollTo(0, 0);
  }, [key, hash]);

  return null;
}
