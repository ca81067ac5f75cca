import { LOCALES, type Locale } from '@tradeapp/contract';
import type { Db } from '../../db/db';
import { notFound } from '../../errors';
import { writeAudit } from '../../lib/audit';
import type { Notices } from './service';

type Localised = { en: string } & Partial<Record<Locale, string | undefined>>;

export interface OperatorNotice {
  target: 'all' | 'user';
  userId?: number | undefined;
  title: Localised;
  body: Localised;
}

/**
 * Operators' notices to investors, stored as kind `operator.message` with the texts per language in
 * the params (`title_en`, `body_nl`, ...); the reader sees their own language.
 */
export function createOperatorNotices(db: Db, notices: Notices) {
  return {
    async send(operatorId: number, input: OperatorNotice, ip: string) {
      const params: Record<string, string> = {};
      for (const locale of LOCALES) {
        // A blank translation is a missing one: the reader gets English rather than an empty notice.
        if (input.title[locale]) params[`title_${locale}`] = input.title[locale];
        if (input.body[locale]) params[`body_${locale}`] = input.body[locale];
      }
      const { sent, push } = await db.tx(async (sql) => {
        let result: { sent: number; push: () => void };
        if (input.target === 'user') {
          const userId = input.userId!;
          const [user] = await sql.query("select 1 from users where id = $1 and role = 'investor'", [userId]);
          if (!user) throw notFound('e.userNotFound');
          result = { sent: 1, push: await notices.notify(sql, userId, 'operator.message', params) };
        } else {
          result = await notices.notifyAllInvestors(sql, 'operator.message', params);
        }
        await writeAudit(sql, {
          actorId: operatorId,
          action: 'notice.send',
          targetType: input.target === 'user' ? 'user' : 'notice',
          targetId: input.target === 'user' ? input.userId! : null,
          after: { target: input.target, userId: input.target === 'user' ? input.userId : null, sent: result.sent, title: input.title.en },
          ip,
        });
        return result;
      });
      push();
      return { sent };
    },
  };
}

export type OperatorNotices = ReturnType<typeof createOperatorNotices>;
