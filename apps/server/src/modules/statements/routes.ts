import { statementOperatorRoutes, zMonth } from '@tradeapp/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/db';
import { AppError, unauthorized } from '../../errors';
import { fromZodError } from '../../http/errors';
import type { HandlersOf } from '../../http/register';
import { resolveCaller } from '../../http/session';
import { statementPdf } from './pdf';
import type { StatementService } from './service';

export function statementHandlers(s: StatementService): HandlersOf<'statementMonths' | 'statement' | 'timeline' | 'operatorStatement'> {
  return {
    statementMonths: ({ caller }) => s.months(caller!.id),
    statement: ({ input, caller }) => s.statement(caller!.id, input.month),
    timeline: ({ input, caller }) => s.timeline(caller!.id, input.page, input.size),
    operatorStatement: ({ params, input, caller, req }) => s.operatorStatement(params.id, input.month, { operatorId: caller!.id, ip: req.ip }, input.reason),
  };
}

const zMonthParam = z.object({ month: zMonth });
const zDays = z.object({
  from: z.string({ error: 'v.invalidValue' }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'v.invalidValue' }),
  to: z.string({ error: 'v.invalidValue' }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'v.invalidValue' }),
});

/**
 * RFC 4180: a cell with a comma, quote or line break is quoted, quotes doubled. A text cell that a
 * spreadsheet would run as a formula (= + - @ at its start) gets a leading apostrophe; numbers,
 * negative amounts included, are written as they are.
 */
export function csvOf(rows: string[][]): string {
  const cell = (v: string, numeric: boolean) => {
    const safe = !numeric && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return rows.map((r) => r.map((v) => cell(v, /^-?\d+(\.\d+)?$/.test(v))).join(',')).join('\r\n') + '\r\n';
}
const zOperatorPdf = z.object({ id: z.coerce.number().int().positive(), month: zMonth });
const zReasonQuery = statementOperatorRoutes.operatorStatement.request.pick({ reason: true });

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value);
  if (!r.success) throw fromZodError(r.error);
  return r.data;
}

const sendPdf = (reply: FastifyReply, bytes: Buffer, name: string) =>
  reply
    .header('content-type', 'application/pdf')
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${name}"`)
    .send(bytes);

/**
 * The statement as a PDF for its owner, and for an operator with a reason (audited, as the JSON
 * call): files, not envelopes, so they are routes of their own beside the contract's.
 */
export function registerStatementDownloads(app: FastifyInstance, db: Db, s: StatementService, fontPath?: string) {
  for (const what of ['bills', 'trades'] as const) {
    app.get(`/web/export/${what}.csv`, async (req, reply) => {
      const caller = await resolveCaller(db, req);
      if (!caller) throw unauthorized();
      const days = parse(zDays, req.query);
      const rows = await s.exportRows(caller.id, what, days);
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="${what}-${days.from}-${days.to}.csv"`)
          // A byte-order mark, so that spreadsheet programs read the memo's non-Latin text as UTF-8.
          .send(`\uFEFF${csvOf(rows)}`)
      );
    });
  }
  app.get<{ Params: { month: string } }>('/web/statement/:month/pdf', async (req: FastifyRequest<{ Params: { month: string } }>, reply) => {
    const caller = await resolveCaller(db, req);
    if (!caller) throw unauthorized();
    const { month } = parse(zMonthParam, req.params);
    const statement = await s.statement(caller.id, month);
    return sendPdf(reply, await statementPdf(statement, req.locale, fontPath), `statement-${month}.pdf`);
  });
  app.get<{ Params: { id: string; month: string }; Querystring: { reason?: string } }>('/web/operator/users/:id/statement/:month/pdf', async (req, reply) => {
    const caller = await resolveCaller(db, req);
    if (!caller) throw unauthorized();
    if (caller.role !== 'operator') throw new AppError('e.operatorOnly');
    const { id, month } = parse(zOperatorPdf, req.params);
    const { reason } = parse(zReasonQuery, req.query);
    const statement = await s.operatorStatement(id, month, { operatorId: caller.id, ip: req.ip }, reason);
    return sendPdf(reply, await statementPdf(statement, req.locale, fontPath), `statement-${id}-${month}.pdf`);
  });
}
