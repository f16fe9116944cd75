import { createServer } from 'node:http';
import pg from 'pg';
import { WebSocketServer } from 'ws';

// The realtime reference: a bare `ws` server. Sockets join a group (?group=g); POST /send?group=g
// broadcasts the body to that group. No authentication, no permission checks.
//
// With DATABASE_URL (the app's database), each POST first writes the message with the SQL a
// coaching message needs at least, in one prepared statement: the session by its cookie's token,
// the member's topic (the group) touched, the message inserted and its NOTIFY; the broadcast
// follows the commit, as the app's does. The cookie's HMAC is not checked (~2 µs), and nothing of
// the product's rules is applied (the plan's coaching access, the rate limits, validation).
// Its connections stay open, as the app's pool's do (and the bench counts their backends' CPU).
const pool = process.env.DATABASE_URL
  ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, min: 10, idleTimeoutMillis: 0 })
  : null;
const MESSAGE = {
  name: 'ref_message',
  text: `with member as (
      select user_id from sessions where token = $1 and expires_at > now()
    ), topic as (
      update discussion_topics set updated_at = now(), is_archived = false
      where id = $2::uuid and user_id = (select user_id from member)
      returning id, user_id
    ), message as (
      insert into discussion_messages (topic_id, user_id, message, is_coach_reply, read_by_user, read_by_coach, created_at)
      select id, user_id, $3, false, true, false, now() from topic
      returning id
    )
    select pg_notify('bench_reference', id::text) from message`,
};

const tokenOf = (cookie = '') => {
  const signed = /core28\.session_token=([^;]+)/.exec(cookie)?.[1];
  return signed ? decodeURIComponent(signed).slice(0, decodeURIComponent(signed).lastIndexOf('.')) : '';
};

const groups = new Map();
const wss = new WebSocketServer({ noServer: true });
const server = createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  if (req.method === 'POST' && url.pathname === '/send') {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', async () => {
      const group = url.searchParams.get('group');
      if (pool) {
        const { rows } = await pool.query({ ...MESSAGE, values: [tokenOf(req.headers.cookie), group, body] });
        if (rows.length === 0) {
          res.writeHead(404, { 'content-type': 'application/json' });
          res.end('{}');
          return;
        }
      }
      for (const socket of groups.get(group) ?? []) socket.send(body);
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end('{}');
    });
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"status":"ok"}');
});
server.on('upgrade', (req, socket, head) => {
  const group = new URL(req.url, 'http://localhost').searchParams.get('group');
  wss.handleUpgrade(req, socket, head, (ws) => {
    if (!groups.has(group)) groups.set(group, new Set());
    groups.get(group).add(ws);
    ws.on('close', () => groups.get(group)?.delete(ws));
    ws.send('{"type":"ready"}');
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1');
// Stopped by the bench with SIGTERM: exit normally, so a --cpu-prof profile is written.
process.on('SIGTERM', () => process.exit(0));
