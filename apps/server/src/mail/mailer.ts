import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Db } from '../db/db';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise every mail is written as an .eml file under
 * DATA_DIR/outbox. Either way the mail is recorded for the back office's outbox view.
 */
export function createMailer(opts: { db: Db; dataDir: string; smtpUrl?: string; from: string }): Mailer {
  const outboxDir = join(opts.dataDir, 'outbox');
  const smtp = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
  return {
    transport: smtp ? 'smtp' : 'outbox',
    async send(mail) {
      let fileName: string | null = null;
      if (smtp) {
        await smtp.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text });
      } else {
        mkdirSync(outboxDir, { recursive: true });
        fileName = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}.eml`;
        writeFileSync(join(outboxDir, fileName), toEml(opts.from, mail));
      }
      await opts.db.query(
        'insert into mail_outbox (to_address, subject, body_text, transport, file_name) values ($1, $2, $3, $4, $5)',
        [mail.to, mail.subject, mail.text, smtp ? 'smtp' : 'outbox', fileName],
      );
    },
  };
}

function toEml(from: string, mail: Mail): string {
  const subject = /^[\x20-\x7e]*$/.test(mail.subject)
    ? mail.subject
    : `=?UTF-8?B?${Buffer.from(mail.subject).toString('base64')}?=`;
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
