import { useRef } from 'react';

// DESIGN "Idempotency": every write a phone may retry carries a key made once per action (a day's
// completion, a finished session, a message's draft); sent again, the server answers the first
// answer instead of writing twice.

/** A v4 UUID; crypto.randomUUID exists only in secure contexts (not on a LAN address over http). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One Idempotency-Key per draft (DESIGN "Idempotency"): the same draft (a message's words; a file
 * and its caption; a plan change's plan and price) sent again after a failure goes with the same
 * key, so a first copy that reached the server while its answer was lost is answered again, not
 * done twice. Once it is sent, or for another draft, the next send has a new key.
 */
export function useDraftKey() {
  const draft = useRef<{ draft: string; key: string } | null>(null);
  return {
    keyFor: (text: string) => {
      if (draft.current?.draft !== text) draft.current = { draft: text, key: newIdempotencyKey() };
      return { 'idempotency-key': draft.current.key };
    },
    sent: (text: string) => {
      if (draft.current?.draft === text) draft.current = null;
    },
  };
}
