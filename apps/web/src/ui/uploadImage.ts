import { ApiError, upload } from '../api/client';
import { msg } from '../i18n/messages';
import { compressImage, jpegName } from '../lib/image';
import { showToast } from './toast';

/**
 * Compress a picked image on the device, upload it to /file/upload and return its URL; null when
 * it was refused (the reason has been shown).
 */
export async function uploadImage(file: File): Promise<string | null> {
  try {
    const compressed = await compressImage(file);
    const fileName = compressed === file ? file.name : jpegName(file.name);
    const result = await upload(compressed, { fileName });
    return result.url;
  } catch (error) {
    if (!(error instanceof ApiError)) showToast(msg('e.uploadFail'), 'fail');
    return null;
  }
}
