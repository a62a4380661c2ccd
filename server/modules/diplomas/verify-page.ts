import type { Lang } from '../../mail/texts.ts';
import type { Verified } from './verify.ts';

const TEXTS = {
  ru: {
    title: 'Проверка документа',
    intro: 'Введите код проверки, напечатанный на документе, или отсканируйте его QR-код.',
    code: 'Код проверки',
    check: 'Проверить',
    notFound: (code: string) => `Документ с кодом ${code} не найден. Проверьте код.`,
    valid: 'Документ действителен',
    revoked: 'Документ отозван',
    revokedOn: 'Отозван',
    school: 'Организация',
    name: 'Выдан',
    program: 'Программа',
    document: 'Документ',
    number: 'Регистрационный номер',
    date: 'Дата выдачи',
    credential: 'Цифровое удостоверение (W3C Verifiable Credential)',
  },
  en: {
    title: 'Document verification',
    intro: 'Type the verification code printed on the document, or scan its QR code.',
    code: 'Verification code',
    check: 'Check',
    notFound: (code: string) => `No document has the code ${code}. Check the code.`,
    valid: 'The document is valid',
    revoked: 'The document has been revoked',
    revokedOn: 'Revoked on',
    school: 'Issued by',
    name: 'Issued to',
    program: 'Program',
    document: 'Document',
    number: 'Registration number',
    date: 'Date of issue',
    credential: 'Digital credential (W3C Verifiable Credential)',
  },
};

const esc = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** `YYYY-MM-DD` as each language writes dates (DD.MM.YYYY in Russian). */
const day = (iso: string, lang: Lang) => (lang === 'ru' ? iso.slice(0, 10).split('-').reverse().join('.') : iso.slice(0, 10));

/**
 * The public verification page, rendered by the server (docs/documents.md "Verification"): it works without
 * JavaScript and without the portal, from any phone that scanned the QR code, and shows only the public facts.
 */
export function verifyPage(p: { lang: Lang; slug: string; school: string; facts: Verified | null; asked: string | null }) {
  const t = TEXTS[p.lang];
  const domain = encodeURIComponent(p.slug);
  const f = p.facts;
  const row = (label: string, value: string | null) => (value ? `<tr><th>${esc(label)}</th><td>${esc(value)}</td></tr>` : '');
  const result = f
    ? `<section class="${f.status}" data-status="${f.status}">
  <h2>${esc(f.status === 'valid' ? t.valid : t.revoked)}</h2>
  <table>${row(t.school, f.school)}${row(t.name, f.name)}${row(t.document, f.title)}${row(t.program, f.program)}${row(t.number, f.registration_number)}${row(t.date, day(f.date_issue, p.lang))}${f.revoked_at ? row(t.revokedOn, day(new Date(f.revoked_at).toISOString(), p.lang)) : ''}</table>
  <p><a href="/api/verify/${esc(f.code)}/credential?domain=${domain}">${esc(t.credential)}</a></p>
</section>`
    : p.asked
      ? `<section class="missing" data-status="not-found"><h2>${esc(t.notFound(p.asked))}</h2></section>`
      : '';
  return `<!doctype html>
<html lang="${p.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(t.title)} · ${esc(p.school)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}
h1{font-size:1.5rem}section{border-radius:8px;padding:1rem;margin:1rem 0}.valid{background:#e6f4ea;border:1px solid #34a853}
.revoked,.missing{background:#fdecea;border:1px solid #d93025}th{text-align:left;padding:.25rem 1rem .25rem 0;font-weight:600;vertical-align:top}
form{display:flex;gap:.5rem;flex-wrap:wrap}input{font-size:1rem;padding:.4rem;text-transform:uppercase}button{font-size:1rem;padding:.4rem 1rem}</style></head>
<body><h1>${esc(t.title)} · ${esc(p.school)}</h1>
${result}
<p>${esc(t.intro)}</p>
<form method="get" action="/api/verify"><input type="hidden" name="domain" value="${esc(p.slug)}"><input type="hidden" name="lang" value="${p.lang}">
<label>${esc(t.code)} <input name="code" required maxlength="64" autocomplete="off" value="${esc(f?.code ?? p.asked ?? '')}"></label>
<button type="submit">${esc(t.check)}</button></form>
</body></html>`;
}
