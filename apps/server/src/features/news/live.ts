import type { ChannelHandlers } from '../../platform/realtime/channel.ts';
import type { NewsNotice } from './channel.ts';

/**
 * News' part of the realtime hub: an event goes to the member's own sockets only, and holds no
 * content (the app refetches its counts). It opens no socket itself: the sockets are the ones the
 * member already has (1-on-1 Burn's coaching), so the count of a coach's reply, which arrives while
 * the app is open, updates live; other items are the member's own doing or a job's, and are read
 * on the app's next fetch (docs/decisions/0029).
 */
export function newsLive(): ChannelHandlers<NewsNotice> {
  return {
    authorize: async () => false,
    refusal: 'Live updates are not available for this account',
    audience: (notice) => ({ userIds: [notice.userId] }),
    access: async () => ({ allowed: true, until: null }),
    event: () => ({ type: 'news' }),
  };
}
