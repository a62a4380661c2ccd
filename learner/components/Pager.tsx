/**
 * A list's pager: previous and next buttons around the position, in a <nav> named by that position (so a screen
 * reader tells one pager from another landmark). Nothing is drawn for a single page unless `always` (when the position
 * says how many are shown). The texts come from the page's own catalogue (a lazy chunk's keys stay in that chunk).
 */
export function Pager(props: { page: number; last: number; label: string; prev: string; next: string; onPage: (page: number) => void; always?: boolean }) {
  const { page, last, label, prev, next, onPage, always } = props;
  if (last <= 1 && !always) return null;
  return (
    <nav className="section" aria-label={label} style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
      <button type="button" className="btn ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {prev}
      </button>
      <span>{label}</span>
      <button type="button" className="btn ghost" disabled={page >= last} onClick={() => onPage(page + 1)}>
        {next}
      </button>
    </nav>
  );
}
