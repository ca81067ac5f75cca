import type { DealMarket } from '@tradeapp/contract';
import { numberColumns, TableHead } from '../../ui/TableHead';
import type { BasisRow } from './api';
import { count, percentLabel } from './parts';

/** Lots each successful applicant of a row received: one figure, or the fewest to the most. */
const lotsEach = (row: BasisRow) =>
  row.successful === 0 ? '—' : row.minLots === row.maxLots ? count(row.minLots) : `${count(row.minLots)}–${count(row.maxLots)}`;

/**
 * The published basis-of-allotment table (decision 0019), as investors see it with the deal: per
 * pool (Hong Kong) and lots applied for, how many applied, how many were successful and what they
 * received.
 */
export function BasisTable({ market, rows }: { market: DealMarket; rows: BasisRow[] }) {
  const pooled = market === 'HK';
  const columns = [
    ...(pooled ? [{ label: 'Pool' }] : []),
    ...numberColumns('Lots applied', 'Applicants', 'Successful', 'Lots each', 'Lots allotted', 'Of lots applied'),
  ];
  return (
    <table className="table deal-table" data-testid="bo-deal-basis">
      <caption className="visually-hidden">Basis of allotment</caption>
      <TableHead columns={columns} />
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={columns.length} className="muted">
              Nobody applied: nothing was allotted.
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={`${row.pool ?? '-'}-${String(row.lotsApplied)}`} data-testid="bo-deal-basis-row">
              {pooled && <td>{row.pool}</td>}
              <th scope="row" className="num">
                {count(row.lotsApplied)}
              </th>
              <td className="num">{count(row.applicants)}</td>
              <td className="num">
                {count(row.successful)} <span className="muted small">({percentLabel(row.successfulPercent)})</span>
              </td>
              <td className="num">{lotsEach(row)}</td>
              <td className="num">{count(row.lotsAllotted)}</td>
              <td className="num">{percentLabel(row.allottedPercent)}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
