// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { foreignHtml, foreignLink } from './foreign-html.ts';

/**
 * The browser's wall for another school's rich text (issue 27, defect 1): the marketplace demo viewer
 * (learner/pages/marketplace/MarketplaceItem.tsx) renders a material body through foreignHtml, so a hostile body, even one the server
 * let through, puts no script, handler, style, image or javascript: link on the page.
 */
const HOSTILE = [
  '<p>Intro <b>bold</b></p>',
  '<script>window.__pwned = 1</script>',
  '<img src="https://tracker.example/pixel.gif" alt="diagram" onerror="window.__pwned = 2">',
  '<a href="javascript:window.__pwned = 3" onclick="window.__pwned = 4">click</a>',
  '<a href="https://example.org/read" target="_self">read</a>',
  '<div style="position:fixed;inset:0;background:red" class="x">overlay</div>',
  '<style>body{display:none}</style>',
  '<iframe src="https://evil.example"></iframe><svg><script>1</script></svg>',
  '<form action="https://evil.example"><input name="password"></form>',
  '<p onmouseover="alert(1)">hover</p><details open ontoggle="alert(1)">x</details>',
].join('');

afterEach(cleanup);

describe('foreignHtml: another school’s rich text on this page', () => {
  it('renders the text and formatting, and nothing that runs, styles, loads or navigates to script', () => {
    const { container } = render(<div data-testid="market-demo-body" dangerouslySetInnerHTML={{ __html: foreignHtml(HOSTILE) }} />);
    const body = container.querySelector('[data-testid="market-demo-body"]') as HTMLElement;
    expect(body.querySelector('b')?.textContent).toBe('bold');
    expect(body.textContent).toContain('diagram'); // an image leaves its alt text
    expect(body.textContent).toContain('overlay');
    for (const sel of ['script', 'style', 'img', 'iframe', 'svg', 'form', 'input', 'link', 'meta', '[style]', '[class]', '[src]']) expect([sel, body.querySelectorAll(sel).length]).toEqual([sel, 0]);
    const attrs = [...body.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => `${el.tagName}.${a.name}=${a.value}`));
    expect(attrs.filter((a) => /\.on/i.test(a))).toEqual([]);
    const links = [...body.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([null, 'https://example.org/read']);
    expect(links[1].getAttribute('target')).toBe('_blank');
    expect(links[1].getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('keeps only http(s) addresses as link targets', () => {
    expect(foreignLink('https://example.org/x')).toBe('https://example.org/x');
    for (const bad of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,x', '//evil.example', '/relative', '', null]) expect(foreignLink(bad)).toBeUndefined();
  });

  it('is the only way the apps put server HTML on a page: each dangerouslySetInnerHTML is one of the known, cleaned ones', () => {
    const root = join(import.meta.dirname, '..', '..');
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) walk(join(dir, e.name));
        else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) {
          const text = readFileSync(join(dir, e.name), 'utf8');
          for (const m of text.matchAll(/dangerouslySetInnerHTML=\{\{ __html: ([^}]+) \}\}|\.innerHTML\s*=|insertAdjacentHTML/g)) found.push(`${relative(root, join(dir, e.name))}: ${m[1] ?? m[0]}`);
        }
      }
    };
    for (const app of ['learner', 'admin', 'common']) walk(join(root, app));
    expect(found.sort()).toEqual([
      // not the server's: the back office's own landing as this browser kept it from the page, parsed in a template
      // with scripts, frames, forms and handlers dropped, shown in a closed shadow root (admin/framework/kept-screen.ts)
      'admin/framework/kept-screen.ts: .innerHTML =',
      // the school's own rich text, cleaned by the server when saved and when served (server/core/html.ts cleanHtml)
      'learner/pages/Content.tsx: m.body',
      'learner/pages/News.tsx: n.body',
      'learner/pages/News.tsx: n.body',
      // another school's: cleaned by the server (cleanForeignHtml) and again here
      'learner/pages/marketplace/DemoViewer.tsx: foreignHtml(view.body)',
    ]);
  });
});
