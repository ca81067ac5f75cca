// Customer-service chat under load: 40 investors write at once while an operator's console and
// every investor's app listen on the push socket (BENCH_CONSOLE_REREADS=1: the console, like
// apps/operator's, also reads the conversation list and its unread count again on every message). Measured: from the start of `POST /chat/send`
// until the operator's socket has the message, and from an operator's answer until the right
// investor's socket has it. The reference, from the same server in the same run, is a signed-in
// call that reads one row (`GET /api/user/info`) at the same concurrency: the floor of any
// request that must be authorised and touch the database.
import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import { BENCH_OPERATOR, fmt, loadServerEnv, record, stop, timeToReady } from './lib';

// Every socket comes from 127.0.0.1, and the server takes 50 per address: 40 apps and a console.
const USERS = Number(process.env.BENCH_USERS ?? 40);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const BLOCK = 5;
const CONSOLE_REREADS = process.env.BENCH_CONSOLE_REREADS === '1';
const WARM_UP = 5;
const benchStarted = performance.now();
const stage = (name: string) => console.log(`  [${fmt((performance.now() - benchStarted) / 1000, 1)} s] ${name}`);
const PORT = 8395;
const base = `http://127.0.0.1:${PORT}/web`;

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

/** Runs `task` `rounds` times in each of `USERS` lanes at once; answers every duration in ms. */
async function lanes(task: (lane: number, round: number) => Promise<number>, rounds: number, firstRound = 0): Promise<number[]> {
  const all: number[] = [];
  await Promise.all(
    Array.from({ length: USERS }, async (_, lane) => {
      for (let round = firstRound; round < firstRound + rounds; round++) all.push(await task(lane, round));
    }),
  );
  return all;
}

const server = await timeToReady('apps/server/src/main.ts', loadServerEnv(PORT, 'bench-chat-'), `${base}/health`);
stage('server ready');
try {
  const op = (await api('POST', '/operator/login', BENCH_OPERATOR)).token as string;
  const users: Array<{ id: number; token: string }> = [];
  for (let n = 0; n < USERS; n++) {
    const { token, userInfo } = await api('POST', '/register', { username: `chat_${n}_${Date.now().toString(36)}`, password: 'bench-pass1', agreement: true });
    users.push({ id: userInfo.id, token });
  }

  stage(`${USERS} investors registered`);
  // Who is waiting for which message, by client id.
  const waiting = new Map<string, (at: number) => void>();
  const arrived = (clientId: string) => {
    const seen = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`message ${clientId} never arrived`)), 60_000);
      waiting.set(clientId, (at) => {
        clearTimeout(timer);
        resolve(at);
      });
    });
    // Awaited after the send's answer; until then a rejection must not count as unhandled.
    seen.catch(() => undefined);
    return seen;
  };
  const deliver = (data: { clientId?: string | null }) => {
    const done = data.clientId ? waiting.get(data.clientId) : undefined;
    if (!done) return;
    waiting.delete(data.clientId!);
    done(performance.now());
  };
  let misdelivered = 0;
  // With BENCH_CONSOLE_REREADS=1, the operator's console as apps/operator is written: each pushed
  // message also makes it read the conversation list and the nav's unread count again
  // (applyChatEvent invalidates both). Off by default, as the figure of the issue was measured.
  const rereads = new Set<Promise<unknown>>();
  let rereadCount = 0;
  const reread = () => {
    for (const query of ['?page=1&size=20', '?page=1&size=1']) {
      rereadCount++;
      const p = api('GET', `/operator/chats${query}`, undefined, op).catch(() => undefined);
      rereads.add(p);
      void p.finally(() => rereads.delete(p));
    }
  };
  const consoleSocket = await socket(op, (event, data) => {
    if (event !== 'chat.message') return;
    deliver(data);
    if (CONSOLE_REREADS) reread();
  });
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
  const ask = async (lane: number, round: number) => {
    const clientId = randomUUID();
    const seen = arrived(clientId);
    const started = performance.now();
    await api('POST', '/chat/send', { text: `Question ${round} from ${lane}`, clientId }, users[lane]!.token);
    return (await seen) - started;
  };
  const answer = async (lane: number, round: number) => {
    const clientId = randomUUID();
    const seen = arrived(clientId);
    const started = performance.now();
    await api('POST', `/operator/chats/${users[lane]!.id}/send`, { text: `Answer ${round} to ${lane}`, clientId }, op);
    return (await seen) - started;
  };
  // Warm-up: the first requests of each kind pay for compiling their code paths.
  for (const task of [userInfo, ask, answer]) await lanes(task, WARM_UP, -WARM_UP);
  stage('warmed up');
  // The three kinds take turns in blocks of BLOCK requests per lane, so that a busier stretch of a
  // shared machine falls on all of them alike; the samples of each kind are pooled.
  const reference: number[] = [];
  const toConsole: number[] = [];
  const toApp: number[] = [];
  for (let done = 0; done < ROUNDS; done += BLOCK) {
    const n = Math.min(BLOCK, ROUNDS - done);
    reference.push(...(await lanes(userInfo, n, done)));
    toConsole.push(...(await lanes(ask, n, done)));
    toApp.push(...(await lanes(answer, n, done)));
  }
  stage('measured');
  await Promise.all(rereads);
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
  console.log(`  messages delivered to another investor's socket: ${misdelivered}; the console read its list again ${rereadCount} times`);
  // The row: the slower direction's p50 against the reference's p50, so both directions are held to the goal.
  const ref50 = percentile(reference, 50);
  const console50 = percentile(toConsole, 50);
  const app50 = percentile(toApp, 50);
  const worst = Math.max(console50, app50);
  record({
    figure: `chat delivery, ${USERS} writers`,
    value: Math.round(worst * 10) / 10,
    unit: 'ms',
    reference: 'signed-in read p50',
    referenceValue: Math.round(ref50 * 10) / 10,
    ratio: Math.round((worst / ref50) * 100) / 100,
    goal: 'ratio <= 1.2 (the slower direction), none misdelivered',
    met: worst / ref50 <= 1.2 && misdelivered === 0,
    detail: {
      value: 'p50 of the slower direction',
      investorToConsoleP50: fmt(console50, 1),
      investorToConsoleP99: fmt(percentile(toConsole, 99), 1),
      operatorToAppP50: fmt(app50, 1),
      operatorToAppP99: fmt(percentile(toApp, 99), 1),
      referenceP99: fmt(percentile(reference, 99), 1),
      messagesPerDirection: USERS * ROUNDS,
      misdelivered,
      consoleRereads: rereadCount,
    },
  });
} finally {
  await stop(server.child);
}
// Sockets left open by a failed run must not keep the process alive.
process.exit(process.exitCode ?? 0);
