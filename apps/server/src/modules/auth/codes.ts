import { EMAIL_CODE_MAX_ATTEMPTS, EMAIL_CODE_TTL_SECONDS, type EmailCodeType, type Locale } from '@tradeapp/contract';
import type { Db, Sql } from '../../db/db';
import { AppError } from '../../errors';
import { newEmailCode, sha256 } from '../../lib/secrets';
import type { MailPart, Mailer } from '../../mail/mailer';

const RESEND_AFTER_SECONDS = 60;

// The code is hashed with the address and purpose, so a leaked table row is no usable code.
const codeHash = (email: string, purpose: number, code: string) => sha256(`${purpose}:${email}:${code}`);

const SUBJECT: Record<Locale, string> = {
  en: 'Your verification code',
  nl: 'Uw verificatiecode',
  zh_Hans_CN: '您的验证码',
};

const PURPOSE: Record<Locale, Record<EmailCodeType, string>> = {
  en: { 1: 'to register', 2: 'to reset your password', 3: 'to change your transaction password' },
  nl: { 1: 'om te registreren', 2: 'om uw wachtwoord te herstellen', 3: 'om uw transactiewachtwoord te wijzigen' },
  zh_Hans_CN: { 1: '用于注册', 2: '用于重置密码', 3: '用于修改交易密码' },
};

/** The body, its code marked secret: the copy operators can read has it masked (mail/mailer.ts). */
function body(locale: Locale, purpose: EmailCodeType, code: string): MailPart[] {
  const minutes = EMAIL_CODE_TTL_SECONDS / 60;
  const secret = { code };
  switch (locale) {
    case 'nl':
      return [`Uw code ${PURPOSE.nl[purpose]} is `, secret, `. Hij is ${minutes} minuten geldig. Heeft u hem niet aangevraagd, negeer dan deze e-mail.`];
    case 'zh_Hans_CN':
      return [`您的验证码${PURPOSE.zh_Hans_CN[purpose]}：`, secret, `，${minutes}分钟内有效。如非本人操作，请忽略此邮件。`];
    default:
      return [`Your code ${PURPOSE.en[purpose]} is `, secret, `. It is valid for ${minutes} minutes. If you did not ask for it, ignore this e-mail.`];
  }
}

export function createEmailCodes(db: Db, mailer: Mailer) {
  return {
    async issue(email: string, purpose: EmailCodeType, locale: Locale) {
      const [recent] = await db.query<{ age: number }>(
        `select extract(epoch from now() - created_at)::float8 as age from email_codes
          where email = $1 and purpose = $2 order by id desc limit 1`,
        [email, purpose],
      );
      if (recent && recent.age < RESEND_AFTER_SECONDS) throw new AppError('e.codeTooSoon');
      const code = newEmailCode();
      const [row] = await db.query<{ id: number }>(
        `insert into email_codes (email, purpose, code_hash, expires_at)
         values ($1, $2, $3, now() + make_interval(secs => $4)) returning id`,
        [email, purpose, codeHash(email, purpose, code), EMAIL_CODE_TTL_SECONDS],
      );
      try {
        await mailer.send({ to: email, subject: [`${SUBJECT[locale]}: `, { code }], text: body(locale, purpose, code) });
      } catch (err) {
        // A code that never reached its reader must not block the next request for a minute.
        await db.query('delete from email_codes where id = $1', [row!.id]);
        throw err;
      }
    },

    /**
     * Check a code without using it up. The guess is compared and, when wrong, counted in one
     * statement that only touches a code with guesses left: of any number of guesses at the same
     * moment exactly EMAIL_CODE_MAX_ATTEMPTS are compared, the rest refused unseen. The count is its
     * own statement, so it survives whatever transaction the caller rolls back.
     */
    async check(email: string, purpose: EmailCodeType, code: string): Promise<number> {
      const [row] = await db.query<{ id: number; ok: boolean }>(
        `update email_codes set attempts = attempts + (case when code_hash = $3 then 0 else 1 end)
          where id = (select id from email_codes
                       where email = $1 and purpose = $2 and consumed_at is null and expires_at > now()
                       order by id desc limit 1)
            and attempts < $4
          returning id, code_hash = $3 as ok`,
        [email, purpose, codeHash(email, purpose, code), EMAIL_CODE_MAX_ATTEMPTS],
      );
      if (row) {
        if (!row.ok) throw new AppError('e.codeInvalid', { code: 'e.codeInvalid' });
        return row.id;
      }
      // Nothing compared: say whether the live code has no guesses left or there is none.
      const [spent] = await db.query(
        `select 1 from email_codes where email = $1 and purpose = $2 and consumed_at is null and expires_at > now()
          order by id desc limit 1`,
        [email, purpose],
      );
      if (spent) throw new AppError('e.codeTooManyAttempts');
      throw new AppError('e.codeInvalid', { code: 'e.codeInvalid' });
    },

    /** Use the code up inside the caller's transaction; a second use of the same code fails. */
    async consume(sql: Sql, codeId: number) {
      const used = await sql.query('update email_codes set consumed_at = now() where id = $1 and consumed_at is null returning id', [codeId]);
      if (!used.length) throw new AppError('e.codeInvalid', { code: 'e.codeInvalid' });
    },
  };
}

export type EmailCodes = ReturnType<typeof createEmailCodes>;
