import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Db } from '../db/db';

/** What stands in for a code in the copy operators may read. */
export const REDACTED_CODE = '••••••';
/** What stands in for a link in the copy operators may read. */
export const REDACTED_LINK = '[link removed]';

/** One part of a mail: plain text, or a secret the reader needs and nobody else may see. */
export type MailPart = string | { code: string } | { link: string };

/**
 * A mail as its composer writes it: the subject and body as parts, each secret (a code, a link)
 * marked as such where it is written. The mail sent has them in the clear; the copy kept for the
 * back office has them replaced (`REDACTED_CODE`, `REDACTED_LINK`), so no regex guesses what is secret.
 */
export interface Mail {
  to: string;
  subject: MailPart[];
  text: MailPart[];
}

export interface Mailer {
  /** `smtp`: real mail, nothing unredacted kept. `outbox`: development, each mail an `.eml` file in DATA_DIR/outbox. */
  readonly transport: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
}

const render = (parts: MailPart[], redact: boolean) =>
  parts
    .map((part) => {
      if (typeof part === 'string') return part;
      if ('code' in part) return redact ? REDACTED_CODE : part.code;
      return redact ? REDACTED_LINK : part.link;
    })
    .join('');

/** The mail as its reader gets it. */
export const renderMail = (mail: Mail) => ({ to: mail.to, subject: render(mail.subject, false), text: render(mail.text, false) });
/** The mail as operators may read it: every code and link replaced. */
export const redactMail = (mail: Mail) => ({ to: mail.to, subject: render(mail.subject, true), text: render(mail.text, true) });

/**
 * SMTP when SMTP_URL is set: the mail goes out and only its redacted copy is kept (in
 * `mail_outbox`, for the back office). Without SMTP (development) the mail is written whole as an
 * .eml file under DATA_DIR/outbox, and again only the redacted copy goes to `mail_outbox`.
 */
export function createMailer(opts: { db: Db; dataDir: string; smtpUrl?: string; from: string }): Mailer {
  const outboxDir = join(opts.dataDir, 'outbox');
  const smtpUrl = opts.smtpUrl;
  // nodemailer is loaded with the first mail, not at start (decision 0024, Start-up).
  let transporter: Promise<Transporter> | undefined;
  const smtp = smtpUrl ? () => (transporter ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl))) : undefined;
  return {
    transport: smtp ? 'smtp' : 'outbox',
    async send(mail) {
      const sent = renderMail(mail);
      let fileName: string | null = null;
      if (smtp) {
        await (await smtp()).sendMail({ from: opts.from, to: sent.to, subject: sent.subject, text: sent.text });
      } else {
        mkdirSync(outboxDir, { recursive: true });
        fileName = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}.eml`;
        writeFileSync(join(outboxDir, fileName), toEml(opts.from, sent));
      }
      const kept = redactMail(mail);
      await opts.db.query('insert into mail_outbox (to_address, subject, body_text, transport, file_name) values ($1, $2, $3, $4, $5)', [
        kept.to,
        kept.subject,
        kept.text,
        smtp ? 'smtp' : 'outbox',
        fileName,
      ]);
    },
  };
}

function toEml(from: string, mail: { to: string; subject: string; text: string }): string {
  const subject = /^[\x20-\x7e]*$/.test(mail.subject) ? mail.subject : `=?UTF-8?B?${Buffer.from(mail.subject).toString('base64')}?=`;
  return [
    `From: ${from}`,
    `To: ${mail.to}`,
    `Subject: ${subject}`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    mail.text,
    '',
  ].join('\r\n');
}
