export interface Column {
  label: string;
  className?: string;
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
