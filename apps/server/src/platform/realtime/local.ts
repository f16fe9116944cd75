import type { ServerEvent } from '@core28/core/realtime';
import type { Database } from '../db/index.ts';
import { type Envelope, type LocalSink, localSinks } from './channel.ts';

type Deliver = (envelope: Envelope, event?: ServerEvent) => void;

/**
 * The server's database, its publications delivered to this instance's sockets right after their
 * transaction commits (in the order the commits come back) instead of after their NOTIFY's round
 * trip; other instances still hear the NOTIFY, which this one skips by its `origin`. A rolled-back
 * transaction delivers nothing. Publications through another handle (or in a savepoint) carry no
 * origin and reach this instance through its LISTEN, as before.
 */
export function withLocalDelivery(db: Database, origin: string, deliver: Deliver): Database {
  const transaction: Database['transaction'] = async (work, config) => {
    const committed: Parameters<Deliver>[] = [];
    const result = await db.transaction((tx) => {
      const sink: LocalSink = { origin, add: (envelope, event) => committed.push([envelope, event]) };
      localSinks.set(tx, sink);
      return work(tx);
    }, config);
    for (const [envelope, event] of committed) deliver(envelope, event);
    return result;
  };
  const wrapped = new Proxy(db, {
    get: (target, property, receiver) =>
      property === 'transaction' ? transaction : Reflect.get(target, property, receiver),
  });
  localSinks.set(wrapped, { origin, add: deliver }); // outside a transaction: committed as it runs
  return wrapped;
}
