import { existsSync } from 'node:fs';
import {
  compareDecimal,
  formatDecimal,
  JOURNAL_KIND_NAMES,
  journalKindKey,
  translate,
  WALLET_NAMES,
  type Locale,
  type MessageKey,
  type Statement,
} from '@tradeapp/contract';
import { AppError } from '../../errors';

/** Debian's fonts-noto-cjk (installed with the browser tests' Chromium): Latin and Chinese in one face. */
export const DEFAULT_STATEMENT_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
const FONT_FACE = 'NotoSansCJKsc-Regular';

const TIME_ZONE = 'UTC';
const INTL_LOCALE: Record<Locale, string> = { en: 'en-GB', nl: 'nl-NL', zh_Hans_CN: 'zh-CN' };

/**
 * The monthly statement as a PDF, in the reader's language: the net assets at the month's end, each
 * wallet's opening and closing balance with the month's movements between them, the trades and the
 * open positions. The
 * figures are the JSON statement's, as they are: the document adds layout, never arithmetic.
 */
export async function statementPdf(s: Statement, locale: Locale, fontPath = DEFAULT_STATEMENT_FONT): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const hasFont = existsSync(fontPath);
  // Helvetica has no Chinese: a Chinese statement needs the font.
  if (!hasFont && locale === 'zh_Hans_CN') throw new AppError('e.statementPdfUnavailable');
  const t = (key: MessageKey, params?: Record<string, string | number>) => translate(locale, key, params);
  const num = (v: string) => formatDecimal(v, locale);
  const dateTime = new Intl.DateTimeFormat(INTL_LOCALE[locale], { timeZone: TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });
  const day = new Intl.DateTimeFormat(INTL_LOCALE[locale], { timeZone: TIME_ZONE, dateStyle: 'medium' });

  const doc = new PDFDocument({ size: 'A4', margin: 40, bufferPages: true, info: { Title: `${t('st.title')} ${s.month}`, Author: 'tradeapp' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  if (hasFont) doc.registerFont('body', fontPath, FONT_FACE);
  const font = hasFont ? 'body' : 'Helvetica';
  doc.font(font);

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom - 20;

  /** One row of cells at the given column widths (fractions of the width); numbers right-aligned. */
  function row(cells: string[], cols: number[], opts: { bold?: boolean; right?: boolean[]; size?: number } = {}) {
    const size = opts.size ?? 8.5;
    doc.fontSize(size);
    const heights = cells.map((c, i) => doc.heightOfString(c, { width: cols[i]! * width - 4 }));
    const h = Math.max(...heights) + 3;
    if (doc.y + h > bottom()) doc.addPage();
    const y = doc.y;
    let x = left;
    cells.forEach((c, i) => {
      doc.fillColor(opts.bold ? '#000' : '#222').text(c, x, y, { width: cols[i]! * width - 4, align: opts.right?.[i] ? 'right' : 'left', lineBreak: true });
      x += cols[i]! * width;
    });
    doc.x = left;
    doc.y = y + h;
  }
  function heading(text: string, size = 12) {
    if (doc.y + 40 > bottom()) doc.addPage();
    doc.moveDown(0.6).fontSize(size).fillColor('#000').text(text, left, doc.y, { width });
    doc.moveDown(0.2);
  }
  function rule() {
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(0.5)
      .strokeColor('#999')
      .stroke();
    doc.y += 3;
  }

  doc.fontSize(16).text(t('st.title'), { width });
  doc.moveDown(0.3);
  const last = new Date(s.toTimestamp - 1);
  row([t('st.account'), s.userName], [0.25, 0.75]);
  row([t('st.period'), `${day.format(new Date(s.fromTimestamp))} – ${day.format(last)}`], [0.25, 0.75]);
  row([t('st.generated'), dateTime.format(new Date(s.generatedTimestamp))], [0.25, 0.75]);
  if (!s.complete) row([t('st.inProgress')], [1]);

  // Net assets at the month's end (issue 32): total and liabilities beneath when anything is owed.
  heading(t('st.netAssets'));
  const p = s.portfolio;
  if (p === null) row([t('st.netAssetsUnavailable')], [1]);
  else {
    const cols = [0.6, 0.4];
    const right = [false, true];
    if (p.total !== null && p.liabilities !== null && compareDecimal(p.liabilities, '0') === 1) {
      row([t('st.netAssetsTotal'), num(p.total)], cols, { right });
      row([t('st.netAssetsLiabilities'), num(p.liabilities)], cols, { right });
      rule();
    }
    row([t('st.netAssetsNet'), num(p.netAssets)], cols, { bold: true, right });
    const note = s.complete
      ? t('st.netAssetsMonthEnd', { day: day.format(new Date(p.asOf - 1)) })
      : t('st.netAssetsLive', { time: dateTime.format(new Date(p.asOf)) });
    doc.moveDown(0.3).fontSize(8).fillColor('#444').text(note, left, doc.y, { width });
  }

  for (const w of s.wallets) {
    heading(`${WALLET_NAMES[locale][w.walletCode]} (${w.currency})`);
    const cols = [0.4, 0.2, 0.2, 0.2];
    const right = [false, true, true, true];
    row(['', t('st.available'), t('st.held'), t('st.total')], cols, { bold: true, right });
    rule();
    row([t('st.opening'), num(w.opening.available), num(w.opening.held), num(w.opening.total)], cols, { right });
    doc.y += 2;
    row([t('st.movements'), t('st.count'), '', t('st.amount')], cols, { bold: true, right });
    for (const l of w.lines) row([JOURNAL_KIND_NAMES[locale][journalKindKey(l.type)], String(l.count), '', num(l.amount)], cols, { right });
    rule();
    row([t('st.closing'), num(w.closing.available), num(w.closing.held), num(w.closing.total)], cols, { bold: true, right });
    doc.y += 2;
    row([t('st.moneyIn'), '', '', num(w.moneyIn)], cols, { right });
    row([t('st.moneyOut'), '', '', num(w.moneyOut)], cols, { right });
    row([t('st.fees'), '', '', num(w.fees)], cols, { right });
  }
  doc.moveDown(0.3).fontSize(8).fillColor('#444').text(t('st.reconciles'), left, doc.y, { width });

  heading(t('st.trades'));
  // A close's P&L beside its own fee: gross, the trade's fees and net, the position's figures.
  const tradeCols = [0.13, 0.1, 0.06, 0.1, 0.09, 0.11, 0.08, 0.11, 0.09, 0.13];
  const tradeRight = [false, false, false, false, true, true, true, true, true, true];
  if (s.trades.length === 0) row([t('st.noTrades')], [1]);
  else {
    row(
      [t('st.time'), t('st.symbol'), t('st.side'), t('st.event'), t('st.quantity'), t('st.price'), t('st.fee'), t('st.gross'), t('st.tradeFees'), t('st.net')],
      tradeCols,
      {
        bold: true,
        right: tradeRight,
        size: 7,
      },
    );
    rule();
    for (const x of s.trades) {
      row(
        [
          dateTime.format(new Date(x.timestamp)),
          x.symbol,
          t(x.direction === 0 ? 'st.buy' : 'st.sell'),
          t(`st.${x.event}`),
          num(x.quantity),
          num(x.price),
          num(x.fee),
          x.gross === null ? '' : num(x.gross),
          x.fees === null ? '' : num(x.fees),
          x.net === null ? '' : num(x.net),
        ],
        tradeCols,
        { right: tradeRight, size: 7 },
      );
    }
    doc.moveDown(0.3).fontSize(8).fillColor('#444').text(t('st.pnlNote'), left, doc.y, { width });
  }

  heading(t('st.positions'));
  const posCols = [0.2, 0.18, 0.1, 0.16, 0.18, 0.18];
  const posRight = [false, false, false, true, true, true];
  if (s.positions.length === 0) row([t('st.noPositions')], [1]);
  else {
    row([t('st.symbol'), t('st.wallet'), t('st.side'), t('st.quantity'), t('st.openPrice'), t('st.margin')], posCols, { bold: true, right: posRight });
    rule();
    for (const p of s.positions) {
      row(
        [p.symbol, WALLET_NAMES[locale][p.walletCode], t(p.direction === 0 ? 'st.buy' : 'st.sell'), num(p.quantity), num(p.openPrice), num(p.margin)],
        posCols,
        { right: posRight },
      );
    }
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const footerY = doc.page.height - doc.page.margins.bottom + 10;
    // Below the bottom margin pdfkit would start a new page: the footer is written with none.
    doc.page.margins.bottom = 0;
    doc
      .fontSize(7.5)
      .fillColor('#666')
      .text(t('st.page', { n: i + 1, of: range.count }), left, footerY, { width, align: 'right', lineBreak: false });
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
