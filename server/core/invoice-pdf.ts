import type { FastifyReply } from 'fastify';
import PDFDocument from 'pdfkit';
import type { companies } from '../db/schema/index.ts';
import { PDF_FONT } from './pdf.ts';
import { attachment } from './storage.ts';

/** The payee's details an invoice prints: a school's company (`schoolCompany()` of the companies module). */
export type InvoiceCompany = Pick<typeof companies.$inferSelect, 'title' | 'full_name' | 'inn' | 'kpp' | 'legal_address' | 'bank' | 'bik' | 'swift' | 'account' | 'corr_account' | 'payment_link'>;

/** Who pays: a person (name and e-mail) or a legal entity (name, tax id, KPP, address). */
export interface InvoicePayer {
  name: string;
  email?: string;
  inn?: string;
  kpp?: string | null;
  address?: string | null;
}

/** One invoice, whatever sells: a school's own price (payments) or a marketplace purchase as a legal entity. */
export interface Invoice {
  number: string;
  date: Date;
  /** English labels (the caller's Accept-Language), else Russian. */
  en: boolean;
  /** The payee's company with its bank details; a school without one prints `school` as the payee. */
  company: InvoiceCompany | undefined;
  school: string;
  payer: InvoicePayer;
  program: string;
  format: string;
  amount: number;
  currency: string;
  /** The price's additional amount, when it has one. */
  extra?: { amount: number; currency: string };
}

const money = (n: number) => n.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

const payerLine = (p: InvoicePayer, en: boolean) =>
  [p.name, p.inn ? `, ${en ? 'tax id' : 'ИНН'} ${p.inn}${p.kpp ? ` / ${p.kpp}` : ''}` : '', p.address ? `, ${p.address}` : '', p.email ? ` (${p.email})` : ''].join('');

/** The invoice as a PDF (A4, the bundled Cyrillic font), a stream already ended: pipe it or send it. */
export function invoicePdf(inv: Invoice): PDFKit.PDFDocument {
  const { en, company } = inv;
  const payee = company ? company.full_name || company.title : inv.school;
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `${en ? 'Invoice' : 'Счёт'} ${inv.number}`, Author: payee } });
  doc.font(PDF_FONT);
  doc
    .fontSize(18)
    .text(`${en ? 'Invoice' : 'Счёт на оплату'} № ${inv.number}`)
    .moveDown(0.5);
  doc.fontSize(11).text(`${en ? 'Date' : 'Дата'}: ${inv.date.toLocaleDateString('ru-RU')}`);
  doc.text(`${en ? 'Payee' : 'Получатель'}: ${payee}`);
  if (company) {
    const line = (ru: string, eng: string, v: string | null) => v && doc.text(`${en ? eng : ru}: ${v}`);
    line('ИНН / КПП', 'Tax id (INN / KPP)', [company.inn, company.kpp].filter(Boolean).join(' / ') || null);
    line('Адрес', 'Address', company.legal_address);
    line('Банк', 'Bank', company.bank);
    line('БИК', 'BIC', company.bik);
    line('SWIFT', 'SWIFT', company.swift);
    line('Расчётный счёт', 'Account', company.account);
    line('Корр. счёт', 'Correspondent account', company.corr_account);
    line('Оплата онлайн', 'Pay online', company.payment_link);
  }
  doc
    .moveDown()
    .text(`${en ? 'Payer' : 'Плательщик'}: ${payerLine(inv.payer, en)}`)
    .moveDown();
  doc.fontSize(12).text(`${en ? 'Program' : 'Программа'}: ${inv.program}`);
  doc.text(`${en ? 'Format' : 'Формат'}: ${inv.format}`);
  doc.text(`${en ? 'Amount' : 'Сумма'}: ${money(inv.amount)} ${inv.currency}`);
  if (inv.extra) doc.text(`${en ? 'Additional amount' : 'Дополнительная сумма'}: ${money(inv.extra.amount)} ${inv.extra.currency}`);
  doc.end();
  return doc;
}

/** Sends the invoice as a download named after its number ("Счёт …pdf" / "Invoice …pdf"). */
export function sendInvoice(reply: FastifyReply, inv: Invoice) {
  return reply
    .header('content-type', 'application/pdf')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', attachment(`${inv.en ? 'Invoice' : 'Счёт'} ${inv.number}.pdf`))
    .send(invoicePdf(inv));
}
