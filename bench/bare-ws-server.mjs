import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

// The realtime reference: a bare `ws` server. Sockets join a group (?group=g); POST /send?group=g
// broadcasts the body to that group. No database, no authentication, no permission checks.
const groups = new Map();
const wss = new WebSocketServer({ noServer: true });
const server = createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  if (req.method === 'POST' && url.pathname === '/send') {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      for (const socket of groups.get(url.searchParams.get('group')) ?? []) socket.send(body);
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
