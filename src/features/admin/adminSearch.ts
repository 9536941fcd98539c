/** Rows on one page of the admin table. */
export const pageSize = 50;

export interface PageWindow {
  page: number;
  pageCount: number;
  /** 0-based, end exclusive. */
  start: number;
  end: number;
}

/** Keeps the requested page inside the pages that exist (a delete can remove the last page). */
export function pageWindow(total: number, requested: number): PageWindow {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(requested)), pageCount);
  const start = (page - 1) * pageSize;
  return { page, pageCount, start, end: Math.min(start + pageSize, total) };
}
