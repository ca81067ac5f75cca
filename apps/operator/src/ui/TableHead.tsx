export interface Column {
  label: string;
  className?: string;
}

/** A table's header row: one `<th>` per column. */
export function TableHead({ columns }: { columns: Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column.label} className={column.className}>
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
