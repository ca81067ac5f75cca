import { ErrorCode, REQUEST_TIMEOUT_MS, SUCCESS_CODE, UPLOAD_LIMIT_BYTES, UPLOAD_LIMIT_MB, routes } from '@tradeapp/contract';
import { ApiError, getToken, goToLogin } from '../api';

// Uploads go as multipart, which the JSON client in api.ts does not send; the answer is the same
// envelope and its refusals are handled the same way.

interface UploadEnvelope {
  code?: unknown;
  msg?: unknown;
  data?: { url?: unknown } | null;
}

async function envelopeOf(response: Response): Promise<UploadEnvelope | null> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? (body as UploadEnvelope) : null;
  } catch {
    return null;
  }
}

/** Uploads one image as the signed-in operator and returns its URL (`/web/file/<id>`). */
export async function uploadImage(file: File): Promise<string> {
  if (file.size > UPLOAD_LIMIT_BYTES) throw new ApiError(ErrorCode.PayloadTooLarge, `The file is larger than ${UPLOAD_LIMIT_MB} MB`);
  const form = new FormData();
  form.append('file', file, file.name || 'image');
  const headers: Record<string, string> = { accept: 'application/json', languages: 'en', 'accept-language': 'en' };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`/web${routes.fileUpload.path}`, {
      method: 'POST',
      headers,
      body: form,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new Error('Cannot reach the server', { cause: error });
  }
  const body = await envelopeOf(response);
  if (!body || typeof body.code !== 'number') throw new ApiError(response.status, `The upload failed (HTTP ${response.status})`);
  if (body.code === SUCCESS_CODE && typeof body.data?.url === 'string') return body.data.url;
  const message = typeof body.msg === 'string' && body.msg ? body.msg : `The upload failed (${body.code})`;
  if (body.code === ErrorCode.Unauthorized || body.code === ErrorCode.Forbidden) goToLogin(message);
  throw new ApiError(body.code, message);
}
