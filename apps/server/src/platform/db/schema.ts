// The database's tables, one file a part of the product (schema/*.ts); everything imports them from
// here, and drizzle-kit reads this file to generate migrations.

export * from './schema/aggregates.ts';
export * from './schema/auth.ts';
export * from './schema/business.ts';
export * from './schema/business-cohorts.ts';
export * from './schema/coaching.ts';
export * from './schema/content.ts';
export * from './schema/member-list.ts';
export * from './schema/members.ts';
export * from './schema/news.ts';
export * from './schema/platform.ts';
export * from './schema/program.ts';
export * from './schema/staff.ts';
