import type { AppType } from '@core28/server/app';
import { type ClientResponse, hc } from 'hono/client';
import type { ClientErrorStatusCode, ServerErrorStatusCode } from 'hono/utils/http-status';
import { noteAnswer } from './use-online';

/**
 * Settles when the server has ended the session being signed out (spec §4: sign-out clears the
 * app at once and tells the server in the background). Until then every request waits: sent
 * earlier, it would still carry the old session cookie, and the previous member's answer (their
 * "Day 10") would be cached as the visitor's.
 */
let sessionEnding: Promise<unknown> = Promise.resolve();
export function holdRequestsUntil(signedOut: Promise<unknown>) {
  sessionEnding = signedOut.catch(() => undefined);
}
const fetchAfterSignOut: typeof fetch = async (input, init) => {
  await sessionEnding;
  const res = await fetch(input, init);
  noteAnswer(res);
  return res;
};

/** The typed client for every /api route (types only: no server code reaches the bundle). */
export const api = hc<AppType>('/api', { fetch: fetchAfterSignOut });

/** An API refusal, carrying the server's message for a toast or an inline alert. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';

async function toApiError(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
  return new ApiError(
    res.status,
    body?.error?.code ?? 'UNKNOWN',
    body?.error?.message ?? `Request failed (${res.status})`,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: matches any typed-client response
type AnyResponse = ClientResponse<any, any, any>;
type SuccessBody<T> =
  T extends ClientResponse<infer Body, infer Status, infer _Format>
    ? Status extends ClientErrorStatusCode | ServerErrorStatusCode
      ? never
      : Body
    : never;

/** Awaits a typed-client call, throws ApiError on a non-2xx answer, returns the parsed body. */
export async function unwrap<T extends AnyResponse>(call: Promise<T>): Promise<SuccessBody<T>> {
  let res: T;
  try {
    res = await call;
  } catch {
    throw new ApiError(0, 'NETWORK', NETWORK_MESSAGE);
  }
  if (!res.ok) throw await toApiError(res as unknown as Response);
  return (await res.json()) as never;
}

/**
 * A GET whose answer's type is core's contract rather than the typed client's (the owner's
 * business figures: core business.ts is the one description both sides read).
 */
export async function getJson<T>(path: string): Promise<T> {
  let res: Response;
  try {
    res = await fetchAfterSignOut(path);
  } catch {
    throw new ApiError(0, 'NETWORK', NETWORK_MESSAGE);
  }
  if (!res.ok) throw await toApiError(res);
  return (await res.json()) as T;
}

/** For better-auth's endpoints, which the typed client does not describe. */
export async function postJson<T = unknown>(path: string, body: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetchAfterSignOut(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', NETWORK_MESSAGE);
  }
  if (!res.ok) throw await toApiError(res);
  return (await res.json().catch(() => ({}))) as T;
}
