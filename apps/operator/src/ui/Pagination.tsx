interface PaginationProps {
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
  disabled?: boolean;
}

export function Pagination({ page, size, total, onPage, disabled = false }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / size));
  const first = total === 0 ? 0 : (page - 1) * size + 1;
  const last = Math.min(total, page * size);
  return (
    <nav className="pagination" aria-label="Pagination">
      <span className="pagination-info">{total === 0 ? 'No results' : `${first}–${last} of ${total}`}</span>
      <div className="pagination-buttons">
        <button type="button" className="btn btn-small" data-testid="bo-page-prev" disabled={disabled || page <= 1} onClick={() => onPage(page - 1)}>
          ‹ Previous
        </button>
        <span className="pagination-page">
          Page {page} of {pages}
        </span>
        <button type="button" className="btn btn-small" data-testid="bo-page-next" disabled={disabled || page >= pages} onClick={() => onPage(page + 1)}>
          Next ›
        </button>
      </div>
    </nav>
  );
}
