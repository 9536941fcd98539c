import type { PageWindow } from './adminSearch';

interface PagerProps {
  window: PageWindow;
  onPage: (page: number) => void;
}

export function Pager({ window: { page, pageCount }, onPage }: PagerProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className="admin-pager" aria-label="Booking pages">
      <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {pageCount}
      </span>
      <button type="button" className="button button--secondary" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
