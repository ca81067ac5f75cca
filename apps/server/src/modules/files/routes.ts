import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../../errors';
import type { HandlersOf } from '../../http/register';
import { resolveCaller } from '../../http/session';
import type { Db } from '../../db/db';
import type { AuthService } from '../auth';
import { firstFile, type createFileService, type UploadKind } from './service';

type FileService = ReturnType<typeof createFileService>;

function header(req: FastifyRequest, name: string): string {
  const v = req.headers[name];
  return (Array.isArray(v) ? v[0] : v)?.trim().toLowerCase() ?? '';
}

export function fileHandlers(files: FileService, auth: AuthService): HandlersOf<'fileUpload' | 'fileTermsUpload'> {
  async function upload(req: FastifyRequest, kind: UploadKind) {
    if (req.caller) return files.store(await firstFile(req), kind, { userId: req.caller.id });
    // Signed out: only a registration that proves its e-mail with a live registration code.
    if (kind !== 'image' || header(req, 'x-upload-purpose') !== 'registration') throw unauthorized();
    const email = header(req, 'x-email');
    await auth.checkRegistrationCode(email, header(req, 'x-email-code'));
    return files.store(await firstFile(req), kind, { pendingEmail: email });
  }
  return {
    fileUpload: ({ req }) => upload(req, 'image'),
    fileTermsUpload: async ({ req }) => {
      if (!req.caller) throw unauthorized();
      return upload(req, 'document');
    },
  };
}

/** GET /web/file/:id answers the bytes, not an envelope, so it sits beside the contract's routes. */
export function registerFileDownload(app: FastifyInstance, db: Db, files: FileService) {
  app.get<{ Params: { id: string } }>('/web/file/:id', async (req, reply) => {
    // Signed out, only the images of published articles are served.
    req.caller = await resolveCaller(db, req);
    const file = await files.read(req.caller, req.params.id);
    return (
      reply
        .header('content-type', file.mime)
        // A caller's own file (an identity document, a chat image) is never kept; an article's image, read signed out, may be.
        .header('cache-control', req.caller ? 'no-store' : 'private, max-age=3600')
        .header('content-disposition', 'inline')
        .send(file.bytes)
    );
  });
}
