import { z } from 'zod';
import { route } from '../route';

const zUploaded = z.object({ url: z.string(), id: z.string(), mime: z.string(), size: z.number().int() });

export const systemRoutes = {
  health: route({
    method: 'GET',
    path: '/health',
    auth: 'public',
    tag: 'system',
    summary: 'Liveness with the database and push status, the jobs still warming after a first start, and the memory held',
    request: z.object({}),
    response: z.object({
      status: z.enum(['ok', 'degraded']),
      database: z.object({ driver: z.enum(['pglite', 'postgres']), ok: z.boolean(), latencyMs: z.number() }),
      push: z.object({ driver: z.enum(['memory', 'redis']), ok: z.boolean() }),
      version: z.string(),
      uptimeSeconds: z.number(),
      /** The jobs still making what a first start leaves for later (the agencies' and pools' backfills: agency-trade, pool-trade); empty once warm. */
      warming: z.array(z.string()),
      /**
       * The node's memory in MiB (Node's process.memoryUsage): resident (rss), V8's heap used and
       * reserved, and outside it `external`, which holds PGlite's WebAssembly memory as reserved (the
       * part touched counts in rss), and array buffers.
       */
      memory: z.object({ rss: z.number(), heapUsed: z.number(), heapTotal: z.number(), external: z.number(), arrayBuffers: z.number() }),
    }),
  }),
  fileUpload: route({
    method: 'POST',
    path: '/file/upload',
    // Signed-in callers upload for themselves. Signed out, only a company registration may
    // upload, proving its e-mail with headers x-upload-purpose: registration, x-email, x-email-code.
    auth: 'public',
    tag: 'files',
    summary:
      'Upload one image (JPEG, PNG, WebP, GIF, HEIC), at most 5 MB, in field `file`. Needs a bearer token, or during registration the headers x-upload-purpose: registration, x-email and x-email-code',
    body: 'multipart',
    request: z.object({}),
    response: zUploaded,
    rateLimit: { max: 30, windowSeconds: 60 },
  }),
  fileTermsUpload: route({
    method: 'POST',
    path: '/file/terms/upload',
    auth: 'user',
    tag: 'files',
    summary: 'Upload one document (PDF, DOCX or an image), at most 5 MB, in field `file`',
    body: 'multipart',
    request: z.object({}),
    response: zUploaded,
    rateLimit: { max: 30, windowSeconds: 60 },
  }),
};
