import { describe, expect, it } from 'vitest';
import { assertFileType, contentTypeOf, extOf, hasSignature, imageType, signatureMatches } from './file-types.ts';

const head = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const PNG = head([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR');
const JPEG = head([0xff, 0xd8, 0xff, 0xe0], 'JFIF');
const GIF = head('GIF89a');
const WEBP = head('RIFF', [0, 0, 0, 0], 'WEBPVP8 ');
const ZIP = head('PK', [3, 4], 'word/');
const OLE = head([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const PDF = head('%PDF-1.7');
const HTML = head('<!doctype html>');

describe('file types: one table of extension → content type, signatures checked at upload', () => {
  it('types a file by its extension, anything unknown as application/octet-stream', () => {
    expect(contentTypeOf('Отчёт.PDF')).toBe('application/pdf');
    expect(contentTypeOf('documents/7/5f0c.docx')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(contentTypeOf('photo.jpeg')).toBe('image/jpeg');
    for (const name of ['page.html', 'image.svg', 'feed.xml', 'app.js', 'noext', '', null, undefined]) expect(contentTypeOf(name), String(name)).toBe('application/octet-stream');
    expect(extOf('archive.tar.GZ')).toBe('gz');
  });

  it('recognises each format with a signature, and refuses content of another kind', () => {
    const cases: [string, Buffer][] = [
      ['pdf', PDF],
      ['png', PNG],
      ['jpg', JPEG],
      ['jpeg', JPEG],
      ['gif', GIF],
      ['webp', WEBP],
      ['zip', ZIP],
      ['docx', ZIP],
      ['xlsx', ZIP],
      ['pptx', ZIP],
      ['odt', ZIP],
      ['doc', OLE],
      ['xls', OLE],
      ['ppt', OLE],
      ['rar', head('Rar!', [0x1a, 0x07, 0x01, 0x00])],
      ['7z', head('7z', [0xbc, 0xaf, 0x27, 0x1c])],
      ['mp4', head([0, 0, 0, 0x18], 'ftypmp42')],
      ['webm', head([0x1a, 0x45, 0xdf, 0xa3])],
      ['ogv', head('OggS')],
    ];
    for (const [ext, bytes] of cases) {
      expect(signatureMatches(ext, bytes), ext).toBe(true);
      expect(signatureMatches(ext, HTML), `${ext} with HTML`).toBe(false);
    }
    expect(signatureMatches('docx', OLE)).toBe(false);
    expect(signatureMatches('png', JPEG)).toBe(false);
    expect(imageType(WEBP)).toBe('image/webp');
    // formats without a signature are not judged by their content
    for (const ext of ['txt', 'csv', 'md', 'rtf', 'mp3']) expect([hasSignature(ext), signatureMatches(ext, HTML)], ext).toEqual([false, true]);
  });

  it('refuses with 415 ERROR_EXT_TYPE an extension not allowed or content that does not fit it', () => {
    expect(() => assertFileType({ filename: 'a.pdf', head: PDF }, ['pdf'])).not.toThrow();
    for (const file of [
      { filename: 'a.pdf', head: HTML },
      { filename: 'a.exe', head: head('MZ') },
      { filename: 'a.PNG', head: JPEG },
    ]) {
      expect(() => assertFileType(file, ['pdf', 'png']), file.filename).toThrow(expect.objectContaining({ status: 415, code: 'ERROR_EXT_TYPE' }));
    }
  });
});
