// Customer-service chat under load: 40 investors write at once while an operator's console and
// every investor's app listen on the push socket. Measured: from the start of `POST /chat/send`
// until the operator's socket has the message, and from an operator's answer until the right
// investor's socket has it. The reference, from the same server in the same run, is a signed-in
// call that reads one row (`GET /api/user/info`) at the same concurrency: the floor of any
// request that must be authorised and touch the database.
import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import { fmt, stop, tempDir, timeToReady } from './lib';

// Every socket comes from 127.0.0.1, and the server takes 50 per address: 40 apps and a console.
const USERS = Number(process.env.BENCH_USERS ?? 40);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const PORT = 8395;
const base = `http://127.0.0.1:${PORT}/web`;
const OPERATOR = { email: 'bench@example.com', password: 'bench-password' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes, read by name
async function api(method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<any> {
  const res = await fetch(base + path, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as { code: number; msg: string; data: unknown };
  if (json.code !== 200) throw new Error(`${path}: ${json.msg}`);
  return json.data;
}

type Listener = (event: string, data: { clientId?: string | null; userId?: number }) => void;

/** A push socket signed in with `token`; resolves once the server has confirmed the sign-in. */
function socket(token: string, onEvent: Listener): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${PORT}/web/push`);
    ws.on('open', () => ws.send(JSON.stringify({ op: 'auth', token })));
    ws.on('error', reject);
    ws.on('close', (code, reason) => reject(new Error(`push socket closed: ${code} ${String(reason)}`)));
    ws.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as { type: string; op?: string; event?: string; data?: never };
      if (frame.type === 'ack' && frame.op === 'auth') resolve(ws);
      else if (frame.type === 'ping') ws.send(JSON.stringify({ op: 'pong' }));
      else if (frame.type === 'event') onEvent(frame.event!, frame.data!);
    });
  });
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

/** Runs `task` `ROUNDS` times in each of `USERS` lanes at once; answers every duration in ms. */
async function lanes(task: (lane: number, round: number) => Promise<number>): Promise<number[]> {
  const all: number[] = [];
  await Promise.all(
    Array.from({ length: USERS }, async (_, lane) => {
      for (let round = 0; round < ROUNDS; round++) all.push(await task(lane, round));
    }),
  );
  return all;
}

const server = await timeToReady(
  'apps/server/src/main.ts',
  { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: tempDir('bench-chat-'), OPERATOR_EMAIL: OPERATOR.email, OPERATOR_PASSWORD: OPERATOR.password, LOG_LEVEL: 'warn', RATE_LIMIT_FACTOR: '10000' },
  `${base}/health`,
);
try {
  const op = (await api('POST', '/operator/login', OPERATOR)).token as string;
  const users: Array<{ id: number; token: string }> = [];
  for (let n = 0; n < USERS; n++) {
    const { token, userInfo } = await api('POST', '/register', { username: `chat_${n}_${Date.now().toString(36)}`, password: 'bench-pass1', agreement: true });
    users.push({ id: userInfo.id, token });
  }

  // Who is waiting for which message, by client id.
  const waiting = new Map<string, (at: number) => void>();
  const arrived = (clientId: string) =>
    new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`message ${clientId} never arrived`)), 10_000);
      waiting.set(clientId, (at) => {
        clearTimeout(timer);
        resolve(at);
      });
    });
  const deliver = (data: { clientId?: string | null }) => {
    const done = data.clientId ? waiting.get(data.clientId) : undefined;
    if (!done) return;
    waiting.delete(data.clientId!);
    done(performance.now());
  };
  let misdelivered = 0;
  const consoleSocket = await socket(op, (event, data) => event === 'chat.message' && deliver(data));
  const appSockets = await Promise.all(
    users.map((u) =>
      socket(u.token, (event, data) => {
        if (event !== 'chat.message') return;
        if (data.userId !== u.id) misdelivered++;
        deliver(data);
      }),
    ),
  );

  const userInfo = async (lane: number) => {
    const started = performance.now();
    await api('GET', '/api/user/info', undefined, users[lane]!.token);
    return performance.now() - started;
  };
  await lanes(userInfo); // warm-up: the first requests pay for compiling the code paths
  const reference = await lanes(userInfo);
  const toConsole = await lanes(async (lane, round) => {
    const clientId = randomUUID();
    const seen = arrived(clientId);
    const started = performance.now();
    await api('POST', '/chat/send', { text: `Question ${round} from ${lane}`, clientId }, users[lane]!.token);
    return (await seen) - started;
  });
  const toApp = await lanes(async (lane, round) => {
    const clientId = randomUUID();
    const seen = arrived(clientId);
    const started = performance.now();
    await api('POST', `/operator/chats/${users[lane]!.id}/send`, { text: `Answer ${round} to ${lane}`, clientId }, op);
    return (await seen) - started;
  });

  for (const ws of [consoleSocket, ...appSockets]) ws.close();
  const line = (label: string, xs: number[]) => {
    const ref50 = percentile(reference, 50);
    const ref99 = percentile(reference, 99);
    return `  ${label}: p50 ${fmt(percentile(xs, 50), 1)} ms, p99 ${fmt(percentile(xs, 99), 1)} ms -> ${fmt(percentile(xs, 50) / ref50, 2)}x / ${fmt(percentile(xs, 99) / ref99, 2)}x the reference`;
  };
  console.log(`customer-service chat, ${USERS} investors writing at once, ${ROUNDS} messages each, PGlite`);
  console.log(`  reference (signed-in GET /api/user/info): p50 ${fmt(percentile(reference, 50), 1)} ms, p99 ${fmt(percentile(reference, 99), 1)} ms`);
  console.log(line('investor sends -> operator console has it', toConsole));
  console.log(line('operator answers -> investor app has it  ', toApp));
  console.log(`  messages delivered to another investor's socket: ${misdelivered}`);
} finally {
  await stop(server.child);
}
// Sockets left open by a failed run must not keep the process alive.
process.exit(process.exitCode ?? 0);
