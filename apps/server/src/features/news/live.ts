import type { ChannelHandlers } from '../../platform/realtime/channel.ts';
import type { NewsNotice } from './channel.ts';

/**
 * News' part of the realtime hub: every signed-in account may hold a socket for it, since any
 * member's items can arrive while the app is open (a job's "plan about to end", a failed payment,
 * items read on another device). An event goes to the member's own sockets only and holds no
 * content (the app refetches its counts); the coaching channel still decides alone who receives
 * conversations (docs/decisions/0029).
 */
export function newsLive(): ChannelHandlers<NewsNotice> {
  return {
    authorize: async () => true,
    refusal: 'Live updates are not available for this account',
    audience: (notice) => ({ userIds: [notice.userId] }),
    access: async () => ({ allowed: true, until: null }),
    event: () => ({ type: 'news' }),
  };
}
