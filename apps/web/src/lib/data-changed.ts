import type { QueryClient } from '@tanstack/react-query';

/**
 * Data one feature serves and another's write makes stale. The writer names the topic; the owner
 * says which of its queries to read again, so no feature imports another's query keys.
 */
export type DataTopic = 'exercises' | 'profile' | 'program';

type Refresh = (queryClient: QueryClient) => Promise<unknown>;

const owners = new Map<DataTopic, Refresh>();

/**
 * The owner's refresh, set when its api.ts loads: a query in the cache was made by that module,
 * so whenever there is something to read again, its owner is listening.
 */
export function onDataChanged(topic: DataTopic, refresh: Refresh) {
  owners.set(topic, refresh);
}

/** Reads the topics' data again; settles when every owner's queries have. */
export const dataChanged = (queryClient: QueryClient, ...topics: DataTopic[]) =>
  Promise.all(topics.map((topic) => owners.get(topic)?.(queryClient)));
