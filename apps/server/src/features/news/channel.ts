import { realtimeChannel } from '../../platform/realtime/channel.ts';

/** News' channel on the realtime hub; its key is the member. */
export const NEWS_LIVE = realtimeChannel<NewsNotice>('news');
export type NewsNotice = { userId: string };
/** The placeholder of a news publication in a statement that publishes on another channel too. */
export const NEWS_PAYLOAD = 'news_payload';
