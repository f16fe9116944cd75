import { z } from 'zod';

// The owner's audit log: filtered by who acted and by the member acted on, newest first, paged
// by the id of the last row shown.

export const AUDIT_PAGE_SIZE = 50;

export const AuditQuerySchema = z.object({
  /** The staff member who acted (their account id). */
  actor: z.string().trim().max(100).optional().default(''),
  /** The member acted on: their account id or e-mail. */
  member: z.string().trim().max(320).optional().default(''),
  /** Rows older than this id (the last row of the previous page). */
  before: z.coerce.number().int().min(1).optional(),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

/** What a route's audit action reads as for a person: `PUT /api/admin/…/:day` → "PUT …/:day" with a label when known. */
const ACTION_LABELS: [RegExp, string][] = [
  [/^POST \/api\/admin\/coaching\/topics\/:topicId\/(replies|attachments)$/, 'Replied to a member'],
  [/^PATCH \/api\/admin\/coaching\/topics\/:topicId$/, 'Archived or restored a conversation'],
  [/^POST \/api\/admin\/coaching\/topics\/:topicId\/read$/, 'Read a conversation'],
  [/\/api\/admin\/coaching\/saved-replies/, 'Changed a saved reply'],
  [/\/api\/admin\/member-plans\//, "Changed a member's plan"],
  [/\/api\/admin\/(blog|exercises|programs|program-days)/, 'Edited content'],
  [/\/api\/admin\/team/, 'Changed the team'],
  [/\/api\/admin\/support/, 'Support inbox'],
  [/two-factor/, 'Second factor'],
  [/\/coach$/, "Changed a member's coach"],
];

export function auditActionLabel(action: string): string {
  return ACTION_LABELS.find(([pattern]) => pattern.test(action))?.[1] ?? action;
}
