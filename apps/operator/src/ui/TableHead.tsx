export interface Column {
  label: string;
  className?: string;
}

/** Columns of figures, right-aligned. */
export function numberColumns(...labels: string[]): Column[] {
  return labels.map((label) => ({ label, className: 'num' }));
}

/** A table's header row: one `<th scope="col">` per column. */
export function TableHead({ columns }: { columns: Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column.label} scope="col" className={column.className}>
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
