// Images are compressed on the device before upload (spec section 5: "picked from the album,
// compressed"): scaled to fit 1600 px and re-encoded as JPEG. A file the browser cannot decode
// (HEIC on most browsers) is sent as it is; the server checks the content either way.

export const IMAGE_MAX_SIDE = 1600;
export const IMAGE_QUALITY = 0.8;

/** The size that fits within `max` on both sides, keeping the aspect ratio; never enlarged. */
export function fitWithin(width: number, height: number, max = IMAGE_MAX_SIDE): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  const ratio = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * ratio)), height: Math.max(1, Math.round(height * ratio)) };
}

/** The file name to send with a compressed image ("scan.png" -> "scan.jpg"). */
export function jpegName(name: string | undefined): string {
  const base = (name ?? 'image').replace(/\.[^./\\]+$/, '') || 'image';
  return `${base}.jpg`;
}

async function decode(file: Blob): Promise<{ source: CanvasImageSource; width: number; height: number; close: () => void }> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return { source: img, width: img.naturalWidth, height: img.naturalHeight, close: () => undefined };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * A JPEG of at most `maxSide` px, or the original when it cannot be decoded, is a GIF, or is
 * already smaller than what compression gives.
 */
export async function compressImage(file: Blob, opts: { maxSide?: number; quality?: number } = {}): Promise<Blob> {
  const maxSide = opts.maxSide ?? IMAGE_MAX_SIDE;
  const quality = opts.quality ?? IMAGE_QUALITY;
  if (!file.type.startsWith('image/') || file.type === 'image/gif' || typeof document === 'undefined') return file;
  try {
    const image = await decode(file);
    try {
      const size = fitWithin(image.width, image.height, maxSide);
      if (size.width === 0) return file;
      const canvas = document.createElement('canvas');
      canvas.width = size.width;
      canvas.height = size.height;
      const ctx = canvas.getContext('2d');
      if (!ctx) return file;
      // JPEG has no transparency: a white page rather than black behind a transparent PNG.
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, size.width, size.height);
      ctx.drawImage(image.source, 0, 0, size.width, size.height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
      if (!blob) return file;
      const resized = size.width !== image.width || size.height !== image.height;
      return !resized && blob.size >= file.size ? file : blob;
    } finally {
      image.close();
    }
  } catch {
    return file;
  }
}
