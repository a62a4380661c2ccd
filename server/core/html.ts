import sanitizeHtml from 'sanitize-html';

/*
 * THE RICH-TEXT CLEANER (docs/security.md "Rich text and markup between schools"). Rich text is what the back office
 * edits as HTML and the apps show as HTML: material bodies (text and project), news and curator news, mail. Every one
 * is cleaned by `cleanHtml` when it is saved and again where it is served; what one school's text shows to another
 * school (a marketplace demo material) is cleaned by `cleanForeignHtml`, stricter. Every other text (titles, names,
 * descriptions, ads, networking cards) is plain text: stored as typed and always shown as text, never as markup.
 */

const TAGS = [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'u', 's'];
const SCHEMES = ['http', 'https', 'mailto'];

/** A link that opens elsewhere does not hand the page to it (window.opener) nor say where it came from. */
const safeAnchor: sanitizeHtml.Transformer = (tagName, attribs) => ({
  tagName,
  attribs: { ...attribs, ...(attribs.target ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {}) },
});

/**
 * Rich text of the school's own staff: its tags kept (images included), no scripts, styles, `style` or `class`
 * attributes or event handlers; links and images only http(s) (links also mailto), no protocol-relative address.
 */
export function cleanHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: TAGS,
    allowedAttributes: { a: ['href', 'name', 'target'], img: ['src', 'alt', 'width', 'height'] },
    allowedSchemes: SCHEMES,
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    transformTags: { a: safeAnchor },
  });
}

/**
 * Rich text of one school shown to another's users (a marketplace demo material): `cleanHtml`, and no image at all
 * (an outside image tells its host who reads the page and when; a relative one means nothing on the buyer's portal):
 * an image becomes its alt text. Every link opens in a new tab, without opener or referrer.
 */
export function cleanForeignHtml(html: string): string {
  return sanitizeHtml(cleanHtml(html), {
    allowedTags: TAGS.filter((t) => t !== 'img'),
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: SCHEMES,
    allowProtocolRelative: false,
    transformTags: {
      img: (_tag, attribs) => ({ tagName: 'span', attribs: {}, text: attribs.alt ?? '' }),
      a: (tagName, attribs) => ({ tagName, attribs: { href: attribs.href ?? '', target: '_blank', rel: 'noopener noreferrer nofollow' } }),
    },
    // the span made of an image keeps its text; sanitize-html drops the tag of a disallowed span only
    nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript'],
  });
}

/** A rich text as saved: cleaned, or null/undefined as given. */
export const cleanRichText = <T extends string | null | undefined>(html: T): T => (typeof html === 'string' ? (cleanHtml(html) as T) : html);

/** An address shown as a link to another school's users: http(s) only (no `javascript:`, `data:`, relative), else null. */
export function safeLink(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url.trim());
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}
