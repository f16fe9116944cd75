import { type ConnectionStatus, createRealtimeConnection, type ServerEvent } from '@core28/core/realtime';
import sharp from 'sharp';
import { expect } from 'vitest';
import WebSocket from 'ws';
import { send, sleep } from '../testing/instances.ts';

/**
 * What a member's browser does against any one instance: upload and fetch the avatar, keep a live
 * connection. `signedUp` answers the member once signed up (the scenario signs them up in a test),
 * and ORIGIN is the address in front of the instances.
 */
export function memberClients(signedUp: () => { email: string; cookie: string }, ORIGIN: string) {
  /** Uploads a new avatar for the member through `base`; answers the stored image's bytes. */
  async function uploadAvatar(base: string) {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: randomColour() } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('file', new File([new Uint8Array(png)], 'me.png', { type: 'image/png' }));
    const res = await fetch(`${base}/api/profile/avatar`, {
      method: 'POST',
      body: form,
      headers: { cookie: signedUp().cookie, origin: ORIGIN },
    });
    expect(res.status).toBe(200);
    return avatarThrough(base);
  }

  /** The member's avatar as a browser gets it through `base`: the profile's signed link, then its bytes. */
  async function avatarThrough(base: string) {
    const profile = (await (await send(base, ORIGIN, '/api/profile', signedUp())).json()) as {
      avatar: { url: string } | null;
    };
    expect(profile.avatar).not.toBeNull();
    const link = new URL(profile.avatar!.url, base); // a relative link (local files) goes to this instance
    const image = await fetch(link);
    expect(image.status, `${link}`).toBe(200);
    return Buffer.from(await image.arrayBuffer()).toString('base64');
  }

  const randomColour = () =>
    `#${Math.floor(Math.random() * 0xffffff)
      .toString(16)
      .padStart(6, '0')}`;

  /** A member's live connection as the web app keeps it: it rejoins (after 100 ms here) on close. */
  function liveConnection(port: () => number) {
    const events: ServerEvent[] = [];
    const closes: { port: number; code: number }[] = [];
    const statuses: ConnectionStatus[] = [];
    let current = 0;
    const connection = createRealtimeConnection({
      connect: () => {
        const target = port();
        current = target;
        const ws = new WebSocket(`ws://127.0.0.1:${target}/api/realtime`, {
          headers: { cookie: signedUp().cookie, origin: ORIGIN },
        });
        ws.on('close', (code) => closes.push({ port: target, code }));
        return ws as never;
      },
      onEvent: (event) => events.push(event),
      onStatus: (status) => statuses.push(status),
      rejoinDelay: () => 100,
    });
    const until = async (what: string, done: () => boolean) => {
      for (let i = 0; i < 100; i++) {
        if (done()) return;
        await sleep(50);
      }
      throw new Error(
        `${what} within 5 s (statuses: ${statuses.join(', ')}; closes: ${JSON.stringify(closes)})`,
      );
    };
    return {
      closes,
      lastPort: () => current,
      opened: () => until('not open', () => statuses.at(-1) === 'open'),
      next: (match: (e: ServerEvent) => boolean) => until('no matching event', () => events.some(match)),
      close: () => connection.close(),
    };
  }

  return { uploadAvatar, avatarThrough, liveConnection };
}
