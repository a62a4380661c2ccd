import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { multipart } from '../../test/forms.ts';

const run = promisify(execFile);

/** A PNG of one colour (a QR code drawn with the same colour for dark and light). */
const solidPng = (color: string, width = 200) => QRCode.toBuffer('x', { width, margin: 0, color: { dark: color, light: color } });

/** A PDF's first page as RGB pixels at `dpi` (pdftoppm, as CI and the preview use it). */
export async function pagePixels(pdf: Buffer, dpi = 50) {
  const dir = await mkdtemp(join(tmpdir(), 'lms-layout-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('pdftoppm', ['-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', join(dir, 'in.pdf'), join(dir, 'out')]);
    const ppm = await readFile(join(dir, 'out.ppm'));
    const header = ppm.subarray(0, 20).toString('latin1').split(/\s+/);
    const [w, h] = [Number(header[1]), Number(header[2])];
    const offset = ppm.length - w * h * 3;
    const px = (xMm: number, yMm: number) => {
      const x = Math.round((xMm / 25.4) * dpi);
      const y = Math.round((yMm / 25.4) * dpi);
      const i = offset + (y * w + x) * 3;
      return [ppm[i], ppm[i + 1], ppm[i + 2]] as const;
    };
    /** Share of dark pixels in a rectangle (mm). */
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
    return { w, h, px, darkShare };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('template designer: layout, images, preview', () => {
  let api: TestApi;
  let admin: string;
  const layout = (blocks: unknown[], extra: Record<string, unknown> = {}) => ({ page: { size: 'A4', orientation: 'landscape' }, blocks, ...extra });
  const TEXT = { type: 'text', x: 20, y: 30, width: 257, text: 'Диплом выдан {{name_dative}}\nпо программе «{{program}}», {{hours}} ч.', font: 'serif-bold', font_size: 20, align: 'center' };

  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.login('admin');
  }, 180_000);
  afterAll(() => api?.close(), 60_000);

  const create = async (body: Record<string, unknown>) => api.call({ method: 'POST', url: '/admin/template', token: admin, payload: body });
  const upload = (id: number, file: { name: string; data: Buffer; type?: string }) => {
    const form = multipart({ file });
    return api.call({ method: 'POST', url: `/admin/template/${id}/images`, token: admin, payload: form.payload, headers: form.headers });
  };

  it('keeps a designed template: page, text blocks, images (stamp, signature) and a QR; the preview is the server PDF with real text', async () => {
    const made = await create({ title: 'Диплом (макет)', lang: 'ru', number_prefix: 'ДП', layout: layout([TEXT]) });
    expect(made.statusCode, made.body).toBe(201);
    const t = made.json().data;
    expect(t).toMatchObject({ body: '', lang: 'ru', number_prefix: 'ДП', layout: { page: { size: 'A4', orientation: 'landscape' } }, images: [] });
    expect(t.placeholders).toEqual(['name_dative', 'program', 'hours']);

    const stamp = await upload(t.id, { name: 'печать.png', data: await solidPng('#d00000ff'), type: 'image/png' });
    expect(stamp.statusCode, stamp.body).toBe(201);
    const signature = await upload(t.id, { name: 'подпись.png', data: await solidPng('#0000d0ff'), type: 'image/png' });
    const stampId = stamp.json().data.id;
    const signId = signature.json().data.id;
    const blocks = [
      TEXT,
      { type: 'image', image_id: stampId, x: 200, y: 130, width: 40, height: 40 },
      { type: 'image', image_id: signId, x: 60, y: 150, width: 50, height: 15 },
      { type: 'qr', x: 250, y: 170, size: 30 },
    ];
    const saved = await api.call({ method: 'PUT', url: `/admin/template/${t.id}`, token: admin, payload: { layout: layout(blocks) } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.images.map((i: { file_name: string }) => i.file_name)).toEqual(['печать.png', 'подпись.png']);

    const pdf = await api.call({ method: 'POST', url: `/admin/template/${t.id}/preview`, token: admin, payload: { format: 'pdf' } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // the text is real text in an embedded font: pdftotext reads the sample student's dative name back
    const dir = await mkdtemp(join(tmpdir(), 'lms-text-'));
    await writeFile(join(dir, 'p.pdf'), pdf.rawPayload);
    const { stdout } = await run('pdftotext', [join(dir, 'p.pdf'), '-']);
    await rm(dir, { recursive: true, force: true });
    expect(stdout).toContain('Диплом выдан Ивановой Анне Сергеевне');
    expect(pdf.rawPayload.toString('latin1')).toContain('/FontFile2');

    // the picture of the page has the stamp, the signature and the QR code where the layout put them
    const page = await pagePixels(pdf.rawPayload);
    expect(page.w).toBeGreaterThan(page.h); // landscape
    const [sr, sg, sb] = page.px(220, 150); // the stamp's middle: red
    expect(sr).toBeGreaterThan(180);
    expect(sg + sb).toBeLessThan(120);
    const [gr, , gb] = page.px(85, 157); // the signature's middle: blue
    expect(gb).toBeGreaterThan(180);
    expect(gr).toBeLessThan(80);
    const qr = page.darkShare(252, 172, 26); // a QR code: about half dark
    expect(qr).toBeGreaterThan(0.25);
    expect(qr).toBeLessThan(0.75);
    expect(page.darkShare(150, 175, 30)).toBe(0); // nothing drawn there
    const [wr, wg, wb] = page.px(220, 100); // above the stamp: white page
    expect(wr + wg + wb).toBeGreaterThan(740);

    const png = await api.call({ method: 'POST', url: `/admin/template/${t.id}/preview`, token: admin, payload: {} });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('previews unsaved changes, English templates, and the plain body of templates without a layout', async () => {
    const t = (await create({ title: 'Certificate', lang: 'en', body: 'Certificate of {{name}}' })).json().data;
    const pdf = await api.call({
      method: 'POST',
      url: `/admin/template/${t.id}/preview`,
      token: admin,
      payload: { format: 'pdf', layout: layout([{ type: 'text', x: 10, y: 10, width: 200, text: 'Awarded to {{name}} for {{program}}' }]) },
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const dir = await mkdtemp(join(tmpdir(), 'lms-text-'));
    await writeFile(join(dir, 'p.pdf'), pdf.rawPayload);
    const { stdout } = await run('pdftotext', [join(dir, 'p.pdf'), '-']);
    expect(stdout).toContain('Awarded to Anna Ivanova for Project management');
    const plain = await api.call({ method: 'POST', url: `/admin/template/${t.id}/preview`, token: admin, payload: { format: 'pdf' } });
    await writeFile(join(dir, 'p.pdf'), plain.rawPayload);
    expect((await run('pdftotext', [join(dir, 'p.pdf'), '-'])).stdout).toContain('Certificate of Anna Ivanova');
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses an unknown placeholder, an image it does not have, a file that is not an image, a stamp over 5 MB: nothing kept', async () => {
    const unknown = await create({ title: 'x', layout: layout([{ ...TEXT, text: 'Привет, {{nickname}}' }]) });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ name: 'ERROR_GENERATION_TEMPLATE', variables: { unknown: '{{nickname}}' } });
    const foreignImage = await create({ title: 'x', layout: layout([{ type: 'image', image_id: 999999, x: 0, y: 0, width: 10 }]) });
    expect(foreignImage.statusCode).toBe(422);
    expect(foreignImage.json()).toMatchObject({ name: 'ERROR_TEMPLATE_IMAGE', variables: { ids: '999999' } });
    const empty = await create({ title: 'x' });
    expect(empty.statusCode).toBe(422);

    const t = (await create({ title: 'Пустой макет', layout: layout([]) })).json().data;
    const notImage = await upload(t.id, { name: 'stamp.png', data: Buffer.from('<svg onload=alert(1)>'), type: 'image/png' });
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().name).toBe('ERROR_EXT_TYPE');
    const gif = await upload(t.id, { name: 'stamp.gif', data: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), type: 'image/gif' });
    expect(gif.statusCode).toBe(415);
    const big = await upload(t.id, { name: 'big.png', data: Buffer.concat([await solidPng('#000000ff', 10), Buffer.alloc(5 * 1024 * 1024 + 1)]), type: 'image/png' });
    expect(big.statusCode).toBe(413);
    expect(big.json().name).toBe('ERROR_MAX_SIZE_5');
    expect((await api.call({ method: 'GET', url: `/admin/template/${t.id}`, token: admin })).json().data.images).toEqual([]);

    // an image the layout draws cannot be removed; another school cannot see the template
    const img = (await upload(t.id, { name: 'logo.png', data: await solidPng('#00a000ff', 20), type: 'image/png' })).json().data;
    await api.call({ method: 'PUT', url: `/admin/template/${t.id}`, token: admin, payload: { layout: layout([{ type: 'image', image_id: img.id, x: 5, y: 5, width: 20 }]) } });
    const drop = await api.call({ method: 'DELETE', url: `/admin/template/${t.id}/images/${img.id}`, token: admin });
    expect(drop.statusCode).toBe(422);
    expect(drop.json().name).toBe('ERROR_TEMPLATE_IMAGE');
    const north = await api.login('admin', 'north');
    expect((await api.call({ method: 'POST', url: `/admin/template/${t.id}/preview`, token: north, tenant: 'north', payload: {} })).statusCode).toBe(404);
    const student = await api.login('student');
    expect((await api.call({ method: 'POST', url: `/admin/template/${t.id}/preview`, token: student, payload: {} })).statusCode).toBe(403);
  });
});
