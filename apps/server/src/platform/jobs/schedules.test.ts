import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase } from '../../testing/harness.ts';
import { jobsOf, until } from '../../testing/jobs.ts';
import type { DatabaseHandle } from '../db/index.ts';
import { JOBS_SCHEMA, type JobQueue, startJobQueue } from './queue.ts';

// The queue's schedules (schedules.ts) on the test database: once a minute across instances,
// pg-boss's own timekeeper left off, and a database that is away said once.

const log = pino({ level: 'silent' });
let database: DatabaseHandle;
let queue: JobQueue;

beforeAll(async () => {
  database = await openTestDatabase();
  queue = await startJobQueue({ executeSql: database.executeSql, db: database.db, log, isWorking: false });
});
afterAll(async () => {
  await queue.stop(1_000);
  await database.close();
});

describe('the job schedules', () => {
  it("sends a due schedule's job once in its minute, however often it is checked", async () => {
    await queue.work('each-minute', z.object({}), async () => {});
    await queue.work('new-year', z.object({}), async () => {});
    queue.schedule('each-minute', '* * * * *');
    queue.schedule('new-year', '0 0 1 1 *');
    // Late in a minute the two checks could fall in two minutes.
    const second = new Date().getUTCSeconds();
    if (second > 55) await sleep((61 - second) * 1000);
    expect(await queue.checkSchedules()).toEqual(['each-minute']);
    expect(await queue.checkSchedules()).toEqual([]);
    const [job] = await jobsOf(database.executeSql, 'each-minute');
    expect(job?.state).toBe('created');
    expect(await jobsOf(database.executeSql, 'new-year')).toEqual([]);
    expect(await queue.drain()).toBe(1);
  });

  it('says once that the schedules cannot be checked while the database is away, not every second', async () => {
    const lines: { msg: string }[] = [];
    const captured = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const away = await openTestDatabase();
    await away.close();
    const instance = await startJobQueue({
      executeSql: database.executeSql,
      db: away.db,
      log: captured,
      isWorking: true,
    });
    try {
      await instance.work('while-away', z.object({}), async () => {});
      instance.schedule('while-away', '* * * * *');
      await until(() => lines.some((line) => line.msg.startsWith('job schedules could not be checked')));
      await sleep(3_500); // three more checks, every second
      expect(lines.filter((line) => line.msg.startsWith('job schedules'))).toHaveLength(1);
    } finally {
      await instance.stop(1_000);
    }
  });

  it("leaves pg-boss's own timekeeper off: schedules are ours, none in its table", async () => {
    await queue.work('left-behind', z.object({}), async () => {});
    queue.schedule('left-behind', '*/5 * * * *');
    const { rows } = await database.executeSql(
      `select (select count(*)::int from ${JOBS_SCHEMA}.schedule) as schedules`,
    );
    expect(rows).toEqual([{ schedules: 0 }]);
  });

  it('fires a schedule once per minute with two instances checking it every second', async () => {
    // Every-minute schedule: started late in a minute, both ticks could fall inside the test.
    const second = new Date().getUTCSeconds();
    if (second > 40) await sleep((61 - second) * 1000);
    const ran: string[] = [];
    const instances = await Promise.all(
      ['a', 'b'].map((name) =>
        startJobQueue({
          executeSql: database.executeSql,
          db: database.db,
          log,
          isWorking: true,
          scheduleCheckSeconds: 1,
        }).then(async (instance) => {
          await instance.work(
            'every-minute',
            z.object({}),
            async () => {
              ran.push(name);
            },
            { pollingSeconds: 0.5 },
          );
          instance.schedule('every-minute', '* * * * *');
          return instance;
        }),
      ),
    );
    try {
      await until(() => ran.length > 0);
      // Each instance checks the schedule every second; give them several more chances.
      await sleep(4_000);
      expect(ran).toHaveLength(1);
      expect(await jobsOf(database.executeSql, 'every-minute')).toHaveLength(1);
    } finally {
      await Promise.all(instances.map((instance) => instance.stop(1_000)));
    }
  }, 90_000);
});
