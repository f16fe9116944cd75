import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { coachProfiles, mailOutbox, profiles, userRoles, users } from '../../platform/db/schema.ts';

// The dev mailbox and the browser tests' factories (routes.ts says who may reach them).

const mailColumns = {
  id: mailOutbox.id,
  to: mailOutbox.to,
  subject: mailOutbox.subject,
  sentAt: mailOutbox.sentAt,
  failedAt: mailOutbox.failedAt,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
};
const toFilter = (to: string | undefined) => (to ? eq(mailOutbox.to, to.toLowerCase()) : undefined);

/** The mailbox page: the 200 newest sent e-mails, and the 50 newest the mail-send job has not sent. */
export async function listMailbox({ db }: Pick<Deps, 'db'>, { to }: { to?: string }) {
  const [sent, unsent] = await Promise.all([
    db
      .select(mailColumns)
      .from(mailOutbox)
      .where(and(isNotNull(mailOutbox.sentAt), toFilter(to)))
      .orderBy(desc(mailOutbox.sentAt))
      .limit(200),
    db
      .select(mailColumns)
      .from(mailOutbox)
      .where(and(isNull(mailOutbox.sentAt), toFilter(to)))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(50),
  ]);
  return { sent, unsent };
}

/** The 200 newest sent e-mails, whole (the browser tests read their links). */
export const listSentMail = ({ db }: Pick<Deps, 'db'>, { to }: { to?: string }) =>
  db
    .select()
    .from(mailOutbox)
    .where(and(isNotNull(mailOutbox.sentAt), toFilter(to)))
    .orderBy(desc(mailOutbox.sentAt))
    .limit(200);

export async function getMail({ db }: Pick<Deps, 'db'>, { id }: { id: string }) {
  if (!/^[0-9a-f-]{36}$/.test(id)) throw new AppError('NOT_FOUND', 'No such message');
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!mail) throw new AppError('NOT_FOUND', 'No such message');
  return mail;
}

/** Test factory for browser tests: moves a member's registration back, so the program is on day N. */
export async function moveRegistration(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  { email, daysAgo }: { email: string; daysAgo: number },
) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  if (!user) throw new AppError('NOT_FOUND', 'No such member');
  const registrationDate = new Date(now().getTime() - daysAgo * 86_400_000);
  await db.update(profiles).set({ registrationDate }).where(eq(profiles.userId, user.id));
  return { registrationDate: registrationDate.toISOString() };
}

/** Browser tests: the owner's 1-on-1 Burn seats (0 makes them full; the seed gives OWNER_COACH_SEATS). */
export async function setOwnerSeats({ db }: Pick<Deps, 'db'>, { seats }: { seats: number }) {
  const rows = await db
    .update(coachProfiles)
    .set({ seats })
    .where(
      inArray(
        coachProfiles.userId,
        db.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'owner')),
      ),
    )
    .returning({ seats: coachProfiles.seats });
  return { seats: rows[0]?.seats ?? null };
}
