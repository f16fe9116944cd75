import { getRequestListener } from '@hono/node-server';

// Vitest's setup file for the server tests: every test file answers with the Request and Response
// the server runs with. @hono/node-server replaces the global ones with its own the first time it
// serves (a body kept as given until written: its fast path), so without this a file that started
// a server and one that did not would answer `app.request()` with different classes, and since
// the files of a worker share their modules (isolate: false), which one depended on the order.
getRequestListener(() => new Response(null));
