import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

// One quote goes to every subscriber of its symbol: thousands of sockets in one turn of the loop.
// `ws` frames each send on its own (a header allocated per socket, then two writes under cork and
// uncork); here the whole frame, header and payload, is made once and written to each socket's
// stream as one buffer, the same bytes `ws` would have written (RFC 6455 §5.2).

/** A server's text frame (FIN, opcode 1, never masked) around an UTF-8 payload. */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const head = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + length);
  frame[0] = 0x81;
  if (head === 2) frame[1] = length;
  else if (head === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, head);
  return frame;
}

/** What of `ws`'s socket the direct write needs: its stream, and its sender's queue. */
interface Raw {
  _socket?: Duplex | null;
  _sender?: { _queue?: unknown[]; _state?: number } | null;
}
/** `ws`'s sender writes at once in its state 0; otherwise it is compressing or reading a blob and queues. */
const SENDER_IDLE = 0;
/** `binary: false` makes ws send a pre-encoded Buffer as a text frame without re-encoding it per socket. */
export const TEXT = { binary: false, compress: false } as const;

/**
 * Write a text frame made by `textFrame` to an open socket: straight to its stream when `ws` has
 * nothing of its own waiting to be written (its writes and ours then go out in the order made), else
 * through `ws` with the payload, behind what it has queued.
 */
export function writeText(socket: WebSocket, frame: Buffer, payload: Buffer): void {
  const raw = socket as unknown as Raw;
  const sender = raw._sender;
  // Fields a later `ws` might rename: then every write goes through `ws`, as before.
  if (raw._socket && sender?._state === SENDER_IDLE && sender._queue?.length === 0) raw._socket.write(frame);
  else socket.send(payload, TEXT);
}
