import type { Page } from '@playwright/test';

/**
 * Issue 29, "the back office on a phone and a laptop": the walks of e2e/accessibility.spec.ts run the light theme at a
 * 1366 px laptop and the dark theme at a 360 px phone, and after axe check on every screen that the page never scrolls
 * sideways. No walk of its own (docs/accessibility.md).
 */
export const LAPTOP = { width: 1366, height: 900 };
export const PHONE = { width: 360, height: 800 };

/**
 * Why `screen` scrolls sideways, or null when it does not: the page (document.documentElement.scrollWidth > innerWidth)
 * by how much, and the elements that stick out furthest — wider than the box they sit in (a table, a row of tabs or
 * buttons, an input of a fixed width), the first three in document order — to find the cause. One evaluate, no wait.
 */
export async function sidewaysScroll(page: Page, screen: string): Promise<string | null> {
  const o = await page.evaluate(() => {
    const root = document.documentElement;
    const width = Math.min(window.innerWidth, root.clientWidth);
    const by = root.scrollWidth - width;
    if (by <= 0) return { by, culprits: [] as string[] };
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${String(el.className)
        .split(' ')
        .filter((c) => !c.startsWith('css-'))
        .slice(0, 3)
        .join('.')}`;
    const culprits = [...document.body.querySelectorAll('*')]
      .filter((el) => {
        const parent = el.parentElement;
        if (!parent || getComputedStyle(parent).overflowX !== 'visible') return false;
        const box = el.getBoundingClientRect();
        return box.right > width + 1 && box.width > parent.clientWidth + 1;
      })
      .slice(0, 3)
      .map((el) => `${name(el)} ${Math.round(el.getBoundingClientRect().width)}px in ${name(el.parentElement!)} ${el.parentElement!.clientWidth}px`);
    return { by, culprits };
  });
  return o.by > 0 ? `${screen}: scrolls sideways by ${o.by}px at ${page.viewportSize()?.width} px: ${o.culprits.join(', ')}` : null;
}
