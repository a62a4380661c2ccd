import { expect, test, type Page } from '@playwright/test';
import { passIntroductions, signIn, web } from './support.ts';

/**
 * Issue 29, "Russian formats": at 360 px the portal's Grades and Payments keep every number, amount, percentage and
 * date on one line (they broke as "33. 3%", "01.0 9.20 26"), and a percentage has a decimal comma in Russian.
 * The formatter's own rules are unit-tested in common/format/format.{ru,en}.test.ts.
 */
async function linesOfNumbers(page: Page) {
  return page.locator('.num').evaluateAll((els) =>
    els.map((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const tops = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
      return { text: el.textContent ?? '', lines: tops.size };
    }),
  );
}

test('at 360 px Grades and Payments keep numbers, percentages and dates whole, in the Russian format', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, 'student');
  await passIntroductions(page);

  await page.goto(`${web()}/score`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.table').first()).toBeVisible();
  const grades = await linesOfNumbers(page);
  expect(grades.length).toBeGreaterThan(0);
  for (const g of grades) expect(g.lines, g.text).toBe(1);
  for (const g of grades.filter((x) => x.text.endsWith('%'))) expect(g.text).toMatch(/^\d+(,\d+)?%$/);

  await page.goto(`${web()}/payment`);
  await expect(page.getByTestId('payment-item').first()).toBeVisible();
  const payments = await linesOfNumbers(page);
  expect(payments.length).toBeGreaterThan(10);
  for (const p of payments) expect(p.lines, p.text).toBe(1);
  expect(payments.map((p) => p.text)).toContain('01.09.2026');
});
