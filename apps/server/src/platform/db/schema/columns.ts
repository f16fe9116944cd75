import { sql } from 'drizzle-orm';
import { check, timestamp } from 'drizzle-orm/pg-core';

// Columns and checks several tables share.

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
};

/** updated_at, set on insert; the code that changes a row sets it again. */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A day of a program or a round: programs run 7 to 42 days (core MAX_PROGRAM_DAYS). */
export const dayNumberCheck = (name: string, column: unknown) => check(name, sql`${column} between 1 and 42`);
