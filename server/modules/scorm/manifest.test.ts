import { describe, expect, it } from 'vitest';
import { readManifest } from './manifest.ts';
import { applyCommit, attemptDone, initialValues, percentOf, secondsOf, timeOf } from './cmi.ts';
import { blankAttempt } from './store.ts';

/** The manifest reader and the data model's mapping, without a server: what publishers' manifests and run-times send. */
describe('imsmanifest.xml', () => {
  const wrap = (inner: string, ns = 'xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"') =>
    `<?xml version="1.0"?><manifest identifier="m" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" ${ns}>${inner}</manifest>`;

  it('takes the default organisation, its first item with a resource depth first, xml:base and the parameters', () => {
    const m = readManifest(
      wrap(`<organizations default="b">
        <organization identifier="a"><title>Other</title><item identifier="i0" identifierref="r0"/></organization>
        <organization identifier="b"><title>Course &amp; Co</title>
          <item identifier="folder"><title>Module 1</title><item identifier="i1" identifierref="r1" parameters="?lang=ru"/></item>
        </organization>
      </organizations>
      <resources xml:base="content/"><resource identifier="r0" href="zero.html"/><resource identifier="r1" xml:base="unit1/" href="start.html"/></resources>`),
      'fallback',
    );
    expect(m).toEqual({ title: 'Course & Co', version: '2004', organization: 'b', launch: 'content/unit1/start.html?lang=ru', launchPath: 'content/unit1/start.html' });
  });

  it('tells 1.2 from 2004 by schemaversion first, then by the namespaces', () => {
    const body = '<organizations><organization identifier="o"><item identifier="i" identifierref="r"/></organization></organizations><resources><resource identifier="r" href="a.html"/></resources>';
    expect(readManifest(wrap(`<metadata><schemaversion>1.2</schemaversion></metadata>${body}`, ''), 'x').version).toBe('1.2');
    expect(readManifest(wrap(`<metadata><schemaversion>CAM 1.3</schemaversion></metadata>${body}`, ''), 'x').version).toBe('2004');
    expect(readManifest(wrap(body, 'xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"'), 'x').version).toBe('1.2');
    expect(readManifest(wrap(body), 'x')).toMatchObject({ version: '2004', title: 'x' });
    expect(() => readManifest(wrap(body, ''), 'x')).toThrow(/neither 1.2 nor 2004/);
  });

  it('refuses what cannot be launched, each with its reason', () => {
    const ok = (res: string, items = '<item identifier="i" identifierref="r"/>') =>
      wrap(`<organizations><organization identifier="o">${items}</organization></organizations><resources>${res}</resources>`);
    const reason = (xml: string) => {
      try {
        readManifest(xml, 'x');
        return 'accepted';
      } catch (e) {
        return (e as { variables?: { reason?: string } }).variables?.reason ?? String(e);
      }
    };
    expect(reason('<manifest><unclosed></manifest>')).toMatch(/not well-formed/);
    expect(reason('<notamanifest/>')).toMatch(/not <manifest>/);
    expect(reason(ok('<resource identifier="r" href="a.html"/>', '<item identifier="i"/>'))).toMatch(/names a resource/);
    expect(reason(ok('<resource identifier="other" href="a.html"/>'))).toMatch(/not among the resources/);
    expect(reason(ok('<resource identifier="r"/>'))).toMatch(/no href/);
    for (const href of ['../a.html', '/etc/a.html', 'http://evil.example/a.html', 'a\\b.html', '%ZZ.html'])
      expect(reason(ok(`<resource identifier="r" href="${href}"/>`)), href).toMatch(/not a file of the package/);
  });

  it('does not expand entities declared in the document (no billion laughs)', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE m [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>${wrap('<organizations><organization identifier="o"><title>&b;</title><item identifier="i" identifierref="r"/></organization></organizations><resources><resource identifier="r" href="a.html"/></resources>').replace('<?xml version="1.0"?>', '')}`;
    expect(readManifest(bomb, 'x').title.length).toBeLessThan(10);
  });
});

describe('the run-time data model', () => {
  it('reads and writes both versions’ times', () => {
    expect(secondsOf('0001:02:03.50')).toBe(3724);
    expect(secondsOf('PT1H2M3.4S')).toBe(3723);
    expect(secondsOf('P1DT1S')).toBe(86401);
    expect([secondsOf('P'), secondsOf('PT'), secondsOf('12 minutes'), secondsOf(undefined)]).toEqual([null, null, null, null]);
    expect(timeOf('1.2', 3724)).toBe('0001:02:04.00');
    expect(timeOf('2004', 3724)).toBe('PT1H2M4S');
  });

  it('maps 1.2 lesson_status to completion and success, and back for a resume', () => {
    const failed = applyCommit('1.2', { 'cmi.core.lesson_status': 'failed', 'cmi.core.score.raw': '40', 'cmi.core.score.max': '50' }, blankAttempt, false);
    expect(failed).toMatchObject({ completion_status: 'completed', success_status: 'failed', score_scaled: 0.8 });
    expect(attemptDone(failed)).toBe(false);
    expect(percentOf(failed)).toBe(80);
    expect(initialValues('1.2', failed, { id: 7, name: 'Ivanova, Anna' })).toMatchObject({
      'cmi.core.lesson_status': 'failed',
      'cmi.core.entry': 'ab-initio',
      'cmi.core.student_name': 'Ivanova, Anna',
    });
    const browsed = applyCommit('1.2', { 'cmi.core.lesson_status': 'browsed', 'cmi.core.lesson_location': '3' }, blankAttempt, false);
    expect(initialValues('1.2', browsed, { id: 7, name: 'x' })).toMatchObject({ 'cmi.core.lesson_status': 'browsed', 'cmi.core.entry': 'resume' });
    // a 2004 element in a 1.2 package is not read
    expect(applyCommit('1.2', { 'cmi.completion_status': 'completed' }, blankAttempt, false).completion_status).toBe('not attempted');
  });

  it('adds a session to the total only when it ends, and keeps scaled scores within -1..1', () => {
    const one = applyCommit('2004', { 'cmi.session_time': 'PT30S', 'cmi.score.scaled': '2' }, blankAttempt, false);
    expect(one).toMatchObject({ session_seconds: 30, total_seconds: 0, score_scaled: null });
    expect(applyCommit('2004', { 'cmi.session_time': 'PT45S' }, one, true)).toMatchObject({ session_seconds: 45, total_seconds: 45 });
    expect(attemptDone(applyCommit('2004', { 'cmi.completion_status': 'completed' }, blankAttempt, false))).toBe(true);
    expect(attemptDone(applyCommit('2004', { 'cmi.success_status': 'passed', 'cmi.completion_status': 'incomplete' }, blankAttempt, false))).toBe(true);
  });
});
