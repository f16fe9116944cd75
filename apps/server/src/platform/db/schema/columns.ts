import { sql } from 'drizzle-orm';
import { check, timestamp } from 'drizzle-orm/pg-core';

// Columns and checks several tables share.

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
};

/** updated_at, set on insert; the code that changes a row sets it again. */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const dayNumberCheck = (name: string, column: unknown) => check(name, sql`${column} between 1 and 28`);
