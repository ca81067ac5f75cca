// The server's paged lists ({ page, size, total, list }) and how far the app asks at a time.

export const PAGE_SIZE = 20;

interface Paged {
  page: number;
  size: number;
  total: number;
  list: unknown[];
}

/** The next page to ask for, or undefined once the last page is in (or came back empty). */
export const nextPage = (last: Paged): number | undefined => (last.page * last.size < last.total && last.list.length > 0 ? last.page + 1 : undefined);
