import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { textFrame, writeText } from './wire';

// The quote frame made once and written straight to each socket's stream: a `ws` client reads it
// as the frame `ws` itself would have sent, at each of the three length encodings, in order with
// what `ws` sends around it.
describe('pre-framed text frames', () => {
  let server: WebSocketServer;
  beforeAll(async () => {
    server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
    await once(server, 'listening');
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is read by a client as the text ws would send, in the order written', async () => {
    const payloads = ['short', 'ü'.repeat(100), 'x'.repeat(125), 'y'.repeat(126), 'z'.repeat(65_535), 'w'.repeat(70_000)];
    const connected = once(server, 'connection');
    const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const received: string[] = [];
    const all = new Promise<void>((resolve) =>
      client.on('message', (data, binary) => {
        expect(binary).toBe(false);
        received.push(data.toString());
        if (received.length === payloads.length * 2) resolve();
      }),
    );
    const [socket] = (await connected) as [WebSocket];
    await once(client, 'open');
    for (const p of payloads) {
      const payload = Buffer.from(p);
      socket.send(`ws:${p.length}`);
      writeText(socket, textFrame(payload), payload);
    }
    await all;
    expect(received).toEqual(payloads.flatMap((p) => [`ws:${p.length}`, p]));
    client.close();
  });

  it('frames the header as RFC 6455 spells it', () => {
    expect([...textFrame(Buffer.from('hi'))]).toEqual([0x81, 2, 0x68, 0x69]);
    expect([...textFrame(Buffer.alloc(300)).subarray(0, 4)]).toEqual([0x81, 126, 1, 44]);
    expect([...textFrame(Buffer.alloc(65_536)).subarray(0, 10)]).toEqual([0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0]);
  });
});
