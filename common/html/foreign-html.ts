/**
 * Another school's rich text as this page shows it (a marketplace demo material, docs/security.md "Rich text and
 * markup between schools"). The server already cleans it (server/core/html.ts cleanForeignHtml); this is the second
 * wall, in the browser, so that a server that sent markup by mistake still puts none on the page: the text is parsed
 * into an inert document (DOMParser runs no script and loads no image) and rebuilt from an allow-list. Kept: the
 * formatting tags below with their text; links with an http(s) or mailto address, opened in a new tab without opener
 * or referrer. Dropped: every attribute else (`style`, `class`, `on…`, `src`), images (their alt text stays), and
 * scripts, styles, frames, forms and media with everything inside them.
 */
const KEEP = new Set([
  'P',
  'BR',
  'B',
  'STRONG',
  'I',
  'EM',
  'U',
  'S',
  'STRIKE',
  'SUB',
  'SUP',
  'SMALL',
  'MARK',
  'CODE',
  'PRE',
  'BLOCKQUOTE',
  'Q',
  'CITE',
  'ABBR',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'UL',
  'OL',
  'LI',
  'DL',
  'DT',
  'DD',
  'HR',
  'DIV',
  'SPAN',
  'SECTION',
  'ARTICLE',
  'TABLE',
  'THEAD',
  'TBODY',
  'TFOOT',
  'TR',
  'TH',
  'TD',
  'CAPTION',
  'A',
]);
const DROP_WITH_CONTENT = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'IFRAME',
  'FRAME',
  'OBJECT',
  'EMBED',
  'SVG',
  'MATH',
  'FORM',
  'TEXTAREA',
  'SELECT',
  'VIDEO',
  'AUDIO',
  'CANVAS',
  'HEAD',
  'TITLE',
  'META',
  'LINK',
  'BASE',
]);
const LINK = /^(https?:|mailto:)/i;

export function foreignHtml(html: string): string {
  const source = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  const out = document.implementation.createHTMLDocument('');
  const copy = (from: Node, to: Node) => {
    for (const node of Array.from(from.childNodes)) {
      if (node.nodeType === Node.TEXT_NODE) {
        to.appendChild(out.createTextNode(node.textContent ?? ''));
        continue;
      }
      if (node.nodeType !== Node.ELEMENT_NODE) continue;
      const el = node as Element;
      const tag = el.tagName.toUpperCase();
      if (DROP_WITH_CONTENT.has(tag)) continue;
      if (tag === 'IMG') {
        const alt = el.getAttribute('alt');
        if (alt) to.appendChild(out.createTextNode(alt));
        continue;
      }
      if (!KEEP.has(tag)) {
        copy(el, to); // an unknown wrapper: its content, without it
        continue;
      }
      const kept = out.createElement(tag.toLowerCase());
      if (tag === 'A') {
        const href = (el.getAttribute('href') ?? '').trim();
        if (LINK.test(href)) {
          kept.setAttribute('href', href);
          kept.setAttribute('target', '_blank');
          kept.setAttribute('rel', 'noopener noreferrer nofollow');
        }
      }
      copy(el, kept);
      to.appendChild(kept);
    }
  };
  const root = out.createElement('div');
  copy(source.body, root);
  return root.innerHTML;
}

/** Another school's address as a link target: http(s) only, else none. */
export const foreignLink = (url: string | null | undefined) => (url && /^https?:\/\//i.test(url.trim()) ? url.trim() : undefined);
