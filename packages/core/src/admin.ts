import { z } from 'zod';

/** spec §2 Admin users: the member list, searched by name or e-mail, paged on the server. */
export const MemberListQuerySchema = z.object({
  search: z.string().trim().max(100).optional().default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type MemberListQuery = z.infer<typeof MemberListQuerySchema>;
