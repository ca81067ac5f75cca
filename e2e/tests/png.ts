import { crc32, deflateSync } from 'node:zlib';

// Real PNGs, made here: the server checks uploads by content, the browser compresses them.

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

/** An 8-bit RGB PNG of `width` x `height` whose pixel at (x, y) is `pixel(x, y)`. */
function encodePng(width: number, height: number, pixel: (x: number, y: number) => readonly number[]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) row.set(pixel(x, y), 1 + x * 3);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A width x height RGB PNG with a gradient, like a small photo of a document. */
export function gradientPng(width: number, height: number): Buffer {
  return encodePng(width, height, (x, y) => [Math.trunc((x * 255) / width), Math.trunc((y * 255) / height), 180]);
}

/** A real PNG that looks like an identity document: a card with a header band, a photo and text lines. */
export function documentPng(width = 360, height = 228): Buffer {
  const inBox = (x: number, y: number, x0: number, y0: number, w: number, h: number) => x >= x0 && x < x0 + w && y >= y0 && y < y0 + h;
  return encodePng(width, height, (x, y) => {
    if (y < 40) return [30, 64, 175];
    if (inBox(x, y, 20, 58, 90, 120)) return inBox(x, y, 45, 78, 40, 40) || inBox(x, y, 35, 128, 60, 50) ? [100, 116, 139] : [203, 213, 225];
    if ([64, 88, 112, 136, 160].some((top) => inBox(x, y, 130, top, top === 64 ? 190 : 150, 10))) return [71, 85, 105];
    if (inBox(x, y, 20, 196, 320, 14)) return [148, 163, 184];
    return [226, 236, 248];
  });
}

/** A file for `setInputFiles` or a multipart upload. */
export const pngFile = (name: string, buffer: Buffer) => ({ name, mimeType: 'image/png', buffer });
