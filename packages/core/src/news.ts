import { z } from 'zod';

// "What is new": the member's in-app list of things that happened to them (a coach's reply, an
// achievement, a round finished, a plan about to end, a payment problem), each read once opened.

export const NEWS_KINDS = [
  'coach-reply',
  'achievement',
  'round-finished',
  'plan-ending',
  'payment-problem',
] as const;
export type NewsKind = (typeof NEWS_KINDS)[number];

/** One item as the list shows it; `url` is where tapping it goes (a path of ours). */
export type NewsItem = {
  id: string;
  kind: NewsKind;
  title: string;
  body: string;
  url: string;
  createdAt: string;
  isRead: boolean;
};

export type NewsCounts = { unread: number; coachUnread: number };
export type NewsPage = NewsCounts & { items: NewsItem[]; nextBefore: string | null };

export const NEWS_PAGE_SIZE = 20;

export const NewsListQuerySchema = z.object({
  /** The last item's id of the page before: the page after it (older items). */
  before: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(50).default(NEWS_PAGE_SIZE),
});

export const NewsReadSchema = z.object({
  /** Every item of the member's up to this one (it and older) is marked read; again is harmless. */
  upTo: z.uuid(),
});
export type NewsReadInput = z.input<typeof NewsReadSchema>;
