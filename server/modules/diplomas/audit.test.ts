import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import QRCode from 'qrcode';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { multipart } from '../../test/forms.ts';
import { diplomas, programUsers, programs, users } from '../../db/schema/index.ts';

// Issue 31 audit: what the other diploma tests left open. An English template issued to a program's students prints
// the English name; the issued PDF (not only the preview) has its background, stamp and QR where the template put
// them; the achievements' own verifier reads a diploma's credential.

const run = promisify(execFile);
const solidPng = (color: string, width = 120) => QRCode.toBuffer('x', { width, margin: 0, color: { dark: color, light: color } });

/** The first page of a PDF as pixels (pdftoppm at 50 dpi) and its text (pdftotext). */
async function readPdf(pdf: Buffer) {
  const dir = await mkdtemp(join(tmpdir(), 'lms-diploma-audit-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('pdftoppm', ['-r', '50', '-f', '1', '-l', '1', '-singlefile', join(dir, 'in.pdf'), join(dir, 'out')]);
    const ppm = await readFile(join(dir, 'out.ppm'));
    const [, w, h] = ppm.subarray(0, 20).toString('latin1').split(/\s+/).map(Number);
    const offset = ppm.length - w * h * 3;
    const px = (xMm: number, yMm: number) => {
      const i = offset + (Math.round((yMm / 25.4) * 50) * w + Math.round((xMm / 25.4) * 50)) * 3;
      return [ppm[i], ppm[i + 1], ppm[i + 2]];
    };
    const darkShare = (x: number, y: number, size: number) => {
      let dark = 0;
      let all = 0;
      for (let i = 0; i <= size; i += 0.5)
        for (let j = 0; j <= size; j += 0.5) {
          const [r, g, b] = px(x + i, y + j);
          all++;
          if (r + g + b < 200) dark++;
        }
      return dark / all;
    };
    const text = (await run('pdftotext', [join(dir, 'in.pdf'), '-'])).stdout;
    return { w, h, px, darkShare, text };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('diplomas: English templates, a program, the issued page, one verifier for all credentials', () => {
  let api: TestApi;
  let admin: string;
  let studentId: number;

  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.login('admin');
    [{ id: studentId }] = await api.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.login, 'student'), eq(users.tenant_id, 1)));
  }, 180_000);
  afterAll(() => api?.close(), 120_000);

  const finished = async (id: number) => {
    for (let i = 0; i < 600; i++) {
      const b = (await api.call({ method: 'GET', url: `/admin/diploma_batch/${id}`, token: admin })).json().data;
      if (b.status === 'done') return b;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`batch ${id} did not finish`);
  };
  const upload = async (id: number, name: string, data: Buffer) => {
    const form = multipart({ file: { name, data, type: 'image/png' } });
    const res = await api.call({ method: 'POST', url: `/admin/template/${id}/images`, token: admin, payload: form.payload, headers: form.headers });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };

  it("issues an English template to a program's students: the English name and title, background, stamp and QR where the template put them", async () => {
    const [p] = await api.db.insert(programs).values({ tenant_id: 1, title: 'Управление проектами', title_en: 'Project Leadership', duration: '144' }).returning();
    const [other] = await api.db
      .insert(users)
      .values({ tenant_id: 1, login: 'audit-en', email: 'audit-en@demo.test', password_hash: 'x', role: 'student', surname: 'Смирнов', name: 'Иван', name_en: 'Ivan', surname_en: 'Smirnov' })
      .returning();
    await api.db.insert(programUsers).values([
      { tenant_id: 1, program_id: p.id, user_id: other.id },
      { tenant_id: 1, program_id: p.id, user_id: studentId },
    ]);

    const t = await api.call({
      method: 'POST',
      url: '/admin/template',
      token: admin,
      payload: {
        title: 'Certificate',
        lang: 'en',
        number_prefix: 'EN',
        layout: { page: { size: 'A4', orientation: 'landscape' }, blocks: [{ type: 'text', x: 20, y: 20, width: 250, text: 'Awarded to {{name}} for {{program}}, {{hours}} hours' }] },
      },
    });
    expect(t.statusCode, t.body).toBe(201);
    const templateId = t.json().data.id;
    const background = await upload(templateId, 'paper.png', await solidPng('#f0e0a0ff'));
    const stamp = await upload(templateId, 'stamp.png', await solidPng('#d00000ff'));
    const layout = {
      page: { size: 'A4', orientation: 'landscape' },
      background,
      blocks: [
        { type: 'text', x: 20, y: 20, width: 250, text: 'Awarded to {{name}} for {{program}}, {{hours}} hours' },
        { type: 'image', image_id: stamp, x: 200, y: 130, width: 40, height: 40 },
        { type: 'qr', x: 250, y: 170, size: 30 },
      ],
    };
    expect((await api.call({ method: 'PUT', url: `/admin/template/${templateId}`, token: admin, payload: { layout } })).statusCode).toBe(200);

    const started = await api.call({ method: 'POST', url: '/admin/diploma_batch', token: admin, payload: { template_id: templateId, program_id: p.id, date_issue: '2026-07-01' } });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json().data.total).toBe(2);
    const b = await finished(started.json().data.id);
    expect(b).toMatchObject({ done: 2, failed: 0 });

    const [d] = await api.db
      .select()
      .from(diplomas)
      .where(and(eq(diplomas.user_id, other.id), eq(diplomas.program_id, p.id)));
    expect(d).toMatchObject({ hours: 144, registration_number: 'EN-2026-0001' });
    const doc = (await api.call({ method: 'GET', url: `/admin/diploma/${d.id}`, token: admin })).json().data.documents[0];
    // the public facts name the program
    const facts = (await api.call({ method: 'GET', url: `/api/verify/${doc.verify_code}/status?domain=demo` })).json().data;
    expect(facts).toMatchObject({ status: 'valid', program: 'Управление проектами', registration_number: 'EN-2026-0001', name: d.name_nominative });
    const file = await api.call({ method: 'GET', url: doc.download_url, token: admin });
    expect(file.statusCode).toBe(200);
    const page = await readPdf(file.rawPayload);
    expect(page.text.replace(/\s+/g, ' ')).toContain('Awarded to Ivan Smirnov for Project Leadership, 144 hours');
    expect(page.w).toBeGreaterThan(page.h);
    const [sr, sg, sb] = page.px(220, 150); // the stamp: red
    expect(sr).toBeGreaterThan(180);
    expect(sg + sb).toBeLessThan(120);
    const qr = page.darkShare(252, 172, 26); // the QR of the verification page
    expect(qr).toBeGreaterThan(0.25);
    expect(qr).toBeLessThan(0.75);
    const [br, bg, bb] = page.px(150, 100); // no block there: the background's paper colour, not white
    expect(br).toBeGreaterThan(200);
    expect(bb).toBeLessThan(200);
    expect(br - bb).toBeGreaterThan(40);
    expect(bg).toBeGreaterThan(180);
  }, 120_000);

  it('declines double and indeclinable surnames; a name petrovich cannot decline keeps the typed forms even with the sex told', async () => {
    const cases = async (payload: Record<string, unknown>) => {
      const res = await api.call({ method: 'POST', url: '/admin/diploma/declension', token: admin, payload });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    expect(await cases({ full_name: 'Петрова-Водкина Мария Ивановна' })).toMatchObject({ genitive: 'Петровой-Водкиной Марии Ивановны', dative: 'Петровой-Водкиной Марии Ивановне', declined: true });
    expect(await cases({ full_name: 'Черных Ирина Петровна' })).toMatchObject({ genitive: 'Черных Ирины Петровны', dative: 'Черных Ирине Петровне' });
    expect(await cases({ surname: 'Дюма', name: 'Александр', sex: 'male' })).toMatchObject({ genitive: 'Дюма Александра', dative: 'Дюма Александру' });
    const typed = { genitive: 'Смита Джона', dative: 'Смиту Джону' };
    expect(await cases({ surname: 'Smith', name: 'John', sex: 'male', ...typed })).toEqual({ nominative: 'Smith John', ...typed, declined: false });
    // a patronymic of the «оглы» kind tells no sex: the typed forms stay
    expect(await cases({ full_name: 'Мамедов Ильхам Гейдар оглы', ...typed })).toMatchObject({ ...typed, declined: false });
  });

  it('refuses a bulk issue whose template prints a placeholder the issue leaves empty: nothing issued, no number taken', async () => {
    const t = await api.call({
      method: 'POST',
      url: '/admin/template',
      token: admin,
      payload: {
        title: 'С председателем',
        number_prefix: 'ПД',
        layout: { page: { size: 'A4', orientation: 'portrait' }, blocks: [{ type: 'text', x: 20, y: 20, width: 170, text: '{{name}}, председатель {{chairman}}, {{program}}' }] },
      },
    });
    expect(t.statusCode, t.body).toBe(201);
    const before = (await api.db.select({ id: diplomas.id }).from(diplomas)).length;
    const res = await api.call({ method: 'POST', url: '/admin/diploma_batch', token: admin, payload: { template_id: t.json().data.id, user_ids: [studentId], hours: 16, chairman: '  ' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().name).toBe('ERROR_GENERATION_CONFIG');
    expect((await api.db.select({ id: diplomas.id }).from(diplomas)).length).toBe(before);
    const reg = (await api.call({ method: 'GET', url: '/admin/number_register', token: admin })).json().data;
    expect(reg.filter((r: { template_id: number }) => r.template_id === t.json().data.id)).toEqual([]);
  });

  it("numbers per template and year: a new year's issue starts at 0001, another template has its own register", async () => {
    const template = async (prefix: string) =>
      (
        await api.call({
          method: 'POST',
          url: '/admin/template',
          token: admin,
          payload: {
            title: `Регистр ${prefix}`,
            number_prefix: prefix,
            layout: { page: { size: 'A5', orientation: 'portrait' }, blocks: [{ type: 'text', x: 10, y: 10, width: 100, text: '{{name}}' }] },
          },
        })
      ).json().data.id;
    const [a, b] = [await template('РА'), await template('РБ')];
    const numberOf = async (template_id: number, date_issue: string) => {
      const res = await api.call({ method: 'POST', url: '/admin/diploma_batch', token: admin, payload: { template_id, user_ids: [studentId], hours: 8, date_issue } });
      expect(res.statusCode, res.body).toBe(202);
      await finished(res.json().data.id);
      const [d] = await api.db.select({ n: diplomas.registration_number }).from(diplomas).where(eq(diplomas.id, res.json().data.diploma_ids[0]));
      return d.n;
    };
    expect(await numberOf(a, '2026-12-30')).toBe('РА-2026-0001');
    expect(await numberOf(a, '2026-12-31')).toBe('РА-2026-0002');
    expect(await numberOf(a, '2027-01-10')).toBe('РА-2027-0001');
    expect(await numberOf(b, '2026-12-31')).toBe('РБ-2026-0001');
    expect(await numberOf(a, '2026-12-31')).toBe('РА-2026-0003');
  }, 120_000);

  it("reads a diploma's credential with the achievements' verifier: the school's signature and the document's status", async () => {
    const t = await api.call({
      method: 'POST',
      url: '/admin/template',
      token: admin,
      payload: {
        title: 'Удостоверение (проверка)',
        number_prefix: 'ПР',
        layout: { page: { size: 'A4', orientation: 'portrait' }, blocks: [{ type: 'text', x: 20, y: 20, width: 170, text: '{{name}}' }] },
      },
    });
    const started = await api.call({
      method: 'POST',
      url: '/admin/diploma_batch',
      token: admin,
      payload: { template_id: t.json().data.id, user_ids: [studentId], hours: 16, date_issue: '2026-07-01' },
    });
    const b = await finished(started.json().data.id);
    const doc = (await api.call({ method: 'GET', url: `/admin/diploma/${b.diploma_ids[0]}`, token: admin })).json().data.documents[0];
    const vc = await api.call({ method: 'GET', url: `/api/verify/${doc.verify_code}/credential?domain=demo` });
    expect(vc.statusCode).toBe(200);
    const verify = async () => (await api.call({ method: 'POST', url: '/api/credential/verify?domain=demo', payload: { credential: vc.body } })).json().data;
    const registration_number = (await api.call({ method: 'GET', url: `/admin/diploma/${b.diploma_ids[0]}`, token: admin })).json().data.registration_number;
    expect(await verify()).toMatchObject({ signature: true, status: 'valid', document: { registration_number, status: 'valid', date_issue: '2026-07-01' } });
    await api.call({ method: 'PUT', url: `/admin/diploma_documents/${doc.id}/revocation`, token: admin, payload: { revoked: true } });
    expect(await verify()).toMatchObject({ signature: true, status: 'revoked' });
    // another school's verifier does not take this school's signature
    const north = await api.call({ method: 'POST', url: '/api/credential/verify?domain=north', tenant: 'north', payload: { credential: vc.body } });
    expect(north.json().data).toMatchObject({ signature: false });
  }, 120_000);
});
