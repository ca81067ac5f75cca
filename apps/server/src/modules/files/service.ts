import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UPLOAD_LIMIT_BYTES, UPLOAD_LIMIT_MB } from '@tradeapp/contract';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { Db, Sql } from '../../db/db';
import { AppError, notFound } from '../../errors';
import type { Caller } from '../../http/context';

export type UploadKind = 'image' | 'document';

// Decided by the bytes, never by the name or the declared type.
const ACCEPTED: Record<UploadKind, ReadonlySet<string>> = {
  image: new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic', 'image/heif', 'image/avif']),
  document: new Set([
    'application/pdf',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/x-cfb',
    'image/jpeg',
    'image/png',
    'image/webp',
  ]),
};

const URL_PREFIX = '/web/file/';
const ID_PATTERN = /^[0-9a-f-]{36}$/;

export const uploadIdOf = (url: string) => {
  const id = url.startsWith(URL_PREFIX) ? url.slice(URL_PREFIX.length) : '';
  return ID_PATTERN.test(id) ? id : undefined;
};

export function createFileService(db: Db, dataDir: string) {
  const dir = join(dataDir, 'uploads');
  mkdirSync(dir, { recursive: true });

  return {
    /** Store one multipart file after checking its size and its content. */
    async store(file: MultipartFile | undefined, kind: UploadKind, owner: { userId: number } | { pendingEmail: string }) {
      if (!file || file.fieldname !== 'file') throw new AppError('v.uploadImage', { file: 'v.uploadImage' });
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw sizeExceeded();
        throw uploadError(err);
      }
      if (file.file.truncated || bytes.length > UPLOAD_LIMIT_BYTES) throw sizeExceeded();
      if (bytes.length === 0) throw new AppError('v.uploadImage', { file: 'v.uploadImage' });
      // Loaded with the first upload, not at start (decision 0024, Start-up).
      const { fileTypeFromBuffer } = await import('file-type');
      const type = await fileTypeFromBuffer(bytes);
      if (!type || !ACCEPTED[kind].has(type.mime)) throw new AppError('e.unsupportedFile', { file: 'e.unsupportedFile' });
      const id = randomUUID();
      const fileName = `${id}.${type.ext}`;
      await writeFile(join(dir, fileName), bytes, { flag: 'wx' });
      await db.query('insert into uploads (id, owner_id, pending_email, kind, mime, size_bytes, file_name) values ($1,$2,$3,$4,$5,$6,$7)', [
        id,
        'userId' in owner ? owner.userId : null,
        'pendingEmail' in owner ? owner.pendingEmail : null,
        kind,
        type.mime,
        bytes.length,
        fileName,
      ]);
      return { url: URL_PREFIX + id, id, mime: type.mime, size: bytes.length };
    },

    /**
     * The bytes of an upload, for its owner, an operator, or a user whose chat shows it (an image
     * an operator sent them). An operator's image in a published article (its cover or its body)
     * is public: browsers load article images without a token. Anyone else is told it does not exist.
     */
    async read(caller: Caller | null, id: string) {
      if (!ID_PATTERN.test(id)) throw notFound();
      const [row] = await db.query<{ mime: string; file_name: string }>(
        `select mime, file_name from uploads u
          where u.id = $1
            and (u.owner_id = $2 or $3::boolean
                 or exists (select 1 from chat_messages c where c.user_id = $2 and c.upload_id = u.id)
                 or (exists (select 1 from users o where o.id = u.owner_id and o.role = 'operator')
                     and exists (select 1 from articles a
                                  where a.status = 'published'
                                    and (a.cover_url = '${URL_PREFIX}' || u.id
                                         or exists (select 1 from article_texts t
                                                     where t.article_id = a.id and position(u.id in t.body_html) > 0)))))`,
        [id, caller?.id ?? null, caller?.role === 'operator'],
      );
      if (!row) throw notFound();
      return { mime: row.mime, bytes: await readFile(join(dir, row.file_name)) };
    },
  };
}

const sizeExceeded = () => new AppError('e.sizeExceeded', { file: 'e.sizeExceeded' }, { n: UPLOAD_LIMIT_MB });

/**
 * An error while reading the upload's bytes: the framework's refusals (limits, not multipart) keep
 * their status; anything else the parser throws (the body ends before its closing boundary, a
 * malformed part) is the request's fault, not ours.
 */
function uploadError(err: unknown): Error {
  const status = (err as { statusCode?: number }).statusCode;
  if (err instanceof AppError || (status && status >= 400 && status < 500)) return err as Error;
  return new AppError('e.uploadIncomplete', { file: 'e.uploadIncomplete' });
}

/** The request's first file part (the multipart parser may fail before it reaches one). */
export async function firstFile(req: FastifyRequest): Promise<MultipartFile | undefined> {
  try {
    return await req.file();
  } catch (err) {
    throw uploadError(err);
  }
}

/** A referenced upload must be the caller's own; otherwise it is as if it did not exist. */
export async function assertOwnUpload(sql: Sql, userId: number, url: string, field: string) {
  const id = uploadIdOf(url);
  const rows = id ? await sql.query('select 1 from uploads where id = $1 and owner_id = $2', [id, userId]) : [];
  if (!rows.length) throw new AppError('v.uploadImage', { [field]: 'v.uploadImage' });
}

/** Images uploaded while registering belong to the account that the registration creates. */
export async function claimRegistrationUploads(sql: Sql, email: string, userId: number, urls: Record<string, string>) {
  for (const [field, url] of Object.entries(urls)) {
    const id = uploadIdOf(url);
    const claimed = id
      ? await sql.query('update uploads set owner_id = $3, pending_email = null where id = $1 and pending_email = $2 and owner_id is null returning id', [
          id,
          email,
          userId,
        ])
      : [];
    if (!claimed.length) throw new AppError('v.uploadImage', { [field]: 'v.uploadImage' });
  }
}
