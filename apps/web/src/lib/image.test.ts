import { describe, expect, it } from 'vitest';
import { compressImage, fitWithin, jpegName } from './image';

describe('image compression', () => {
  it('fits the longer side within the limit, keeping the ratio', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(1000, 5000, 1600)).toEqual({ width: 320, height: 1600 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(0, 10)).toEqual({ width: 0, height: 0 });
  });

  it('names the compressed file .jpg', () => {
    expect(jpegName('scan.png')).toBe('scan.jpg');
    expect(jpegName('photo.final.HEIC')).toBe('photo.final.jpg');
    expect(jpegName(undefined)).toBe('image.jpg');
  });

  it('sends what it cannot decode as it is', async () => {
    const file = new Blob(['not really an image'], { type: 'image/png' });
    await expect(compressImage(file)).resolves.toBe(file);
    const pdf = new Blob(['%PDF'], { type: 'application/pdf' });
    await expect(compressImage(pdf)).resolves.toBe(pdf);
  });
});
