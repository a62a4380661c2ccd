import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type Invoice, invoicePdf } from './invoice-pdf.ts';

/**
 * The PDF's text as a reader sees it, one line per text run: the content streams' glyph codes read through the
 * font's ToUnicode map (pdfkit writes both, deflated).
 */
function pdfText(pdf: Buffer): string[] {
  const streams = [...pdf.toString('latin1').matchAll(/(<<(?:(?!>>)[\s\S])*>>)\s*stream\r?\n/g)].map((m) => {
    const start = (m.index ?? 0) + m[0].length;
    const raw = pdf.subarray(start, pdf.indexOf('endstream', start, 'latin1'));
    return (/FlateDecode/.test(m[1]) ? inflateSync(raw) : raw).toString('latin1');
  });
  const unicode = new Map<number, string>();
  const chars = (hex: string) => String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((h) => Number.parseInt(h, 16)));
  for (const s of streams.filter((x) => x.includes('begincmap'))) {
    for (const [, from, list] of s.matchAll(/<([0-9a-f]+)>\s*<[0-9a-f]+>\s*\[([^\]]*)\]/gi))
      [...list.matchAll(/<([0-9a-f]+)>/gi)].forEach(([, u], i) => unicode.set(Number.parseInt(from, 16) + i, chars(u)));
    for (const [, code, u] of s.matchAll(/^<([0-9a-f]+)>\s*<([0-9a-f]+)>$/gim)) unicode.set(Number.parseInt(code, 16), chars(u));
  }
  return streams
    .filter((s) => /\bTJ\b/.test(s))
    .flatMap((s) => [...s.matchAll(/\[([^\]]*)\]\s*TJ/g)])
    .map(([, run]) => [...run.matchAll(/<([0-9a-f]+)>/gi)].flatMap(([, hex]) => (hex.match(/.{4}/g) ?? []).map((g) => unicode.get(Number.parseInt(g, 16)) ?? '?')).join(''));
}

async function render(inv: Invoice) {
  const chunks: Buffer[] = [];
  for await (const chunk of invoicePdf(inv)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const company = {
  title: 'Север',
  full_name: 'ООО «Северная школа»',
  inn: '7707083893',
  kpp: '770701001',
  legal_address: 'Мурманск, ул. Ленина, 1',
  bank: 'Банк Север',
  bik: '044525225',
  swift: null,
  account: '40702810900000000001',
  corr_account: '30101810400000000225',
  payment_link: 'https://pay.example/north',
};

describe('the invoice PDF (server/core/invoice-pdf.ts: payments and the marketplace)', () => {
  it("prints a legal entity's invoice in Russian: number, the payee's company and bank details, the payer's tax id, the amount", async () => {
    const pdf = await render({
      number: 'MP-2-17',
      date: new Date(Date.UTC(2025, 2, 4, 12)),
      en: false,
      company,
      school: 'North',
      payer: { name: 'ООО «Ромашка»', inn: '7727563778', kpp: '772701001', address: 'Москва' },
      program: 'Финансы для руководителей',
      format: 'online',
      amount: 6000,
      currency: 'USD',
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(pdf)).toEqual([
      'Счёт на оплату № MP-2-17',
      'Дата: 04.03.2025',
      'Получатель: ООО «Северная школа»',
      'ИНН / КПП: 7707083893 / 770701001',
      'Адрес: Мурманск, ул. Ленина, 1',
      'Банк: Банк Север',
      'БИК: 044525225',
      'Расчётный счёт: 40702810900000000001',
      'Корр. счёт: 30101810400000000225',
      'Оплата онлайн: https://pay.example/north',
      'Плательщик: ООО «Ромашка», ИНН 7727563778 / 772701001, Москва',
      'Программа: Финансы для руководителей',
      'Формат: online',
      'Сумма: 6 000.00 USD',
    ]);
  });

  it("prints a person's invoice in English, the school's name as payee when it has no company, and the additional amount", async () => {
    const pdf = await render({
      number: 'DEMO-5-3-20250304',
      date: new Date(Date.UTC(2025, 2, 4, 12)),
      en: true,
      company: undefined,
      school: 'Demo school',
      payer: { name: 'Ivanov Ivan', email: 'ivan@example.com' },
      program: 'Strategy',
      format: 'blended',
      amount: 1234567.5,
      currency: 'RUB',
      extra: { amount: 300, currency: 'USD' },
    });
    expect(pdfText(pdf)).toEqual([
      'Invoice № DEMO-5-3-20250304',
      'Date: 04.03.2025',
      'Payee: Demo school',
      'Payer: Ivanov Ivan (ivan@example.com)',
      'Program: Strategy',
      'Format: blended',
      'Amount: 1 234 567.50 RUB',
      'Additional amount: 300.00 USD',
    ]);
  });
});
