import { zipOf, type ZipEntry } from './zip-writer.ts';

/**
 * A small SCORM package made from code: the demo schools' material, the API tests' and the journey's packages.
 * Its launch page finds the run-time API the SCORM way (this window, then its parents), starts a session and shows
 * what it resumed from (the bookmark and the suspend data); its button "Finish the lesson" records a score of 85 of
 * 100, completion (1.2: passed; 2004: completed and passed), a bookmark and suspend data, commits and ends the session.
 */
export interface MadePackage {
  version: '1.2' | '2004';
  title?: string;
  /** Extra files (a page or an image beside the launch page). */
  extra?: ZipEntry[];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

export function manifestOf(version: '1.2' | '2004', title: string, launch = 'index.html') {
  const v12 = version === '1.2';
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="com.example.${v12 ? 'scorm12' : 'scorm2004'}" version="1"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="${v12 ? 'http://www.adlnet.org/xsd/adlcp_rootv1p2' : 'http://www.adlnet.org/xsd/adlcp_v1p3'}"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>${v12 ? '1.2' : '2004 4th Edition'}</schemaversion>
  </metadata>
  <organizations default="org1">
    <organization identifier="org1">
      <title>${esc(title)}</title>
      <item identifier="item1" identifierref="res1">
        <title>${esc(title)}</title>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="res1" type="webcontent" adlcp:${v12 ? 'scormtype' : 'scormType'}="sco" href="${esc(launch)}">
      <file href="${esc(launch)}"/>
    </resource>
  </resources>
</manifest>
`;
}

function launchPage(version: '1.2' | '2004', title: string) {
  const v12 = version === '1.2';
  const [init, get, set, commit, finish] = v12 ? ['LMSInitialize', 'LMSGetValue', 'LMSSetValue', 'LMSCommit', 'LMSFinish'] : ['Initialize', 'GetValue', 'SetValue', 'Commit', 'Terminate'];
  const name = v12 ? 'API' : 'API_1484_11';
  const loc = v12 ? 'cmi.core.lesson_location' : 'cmi.location';
  const sets = v12
    ? `set('cmi.core.score.raw', '85'); set('cmi.core.score.min', '0'); set('cmi.core.score.max', '100'); set('cmi.core.lesson_status', 'passed'); set('cmi.core.exit', 'suspend'); set('cmi.core.session_time', '0000:00:42.00');`
    : `set('cmi.score.raw', '85'); set('cmi.score.min', '0'); set('cmi.score.max', '100'); set('cmi.score.scaled', '0.85'); set('cmi.completion_status', 'completed'); set('cmi.success_status', 'passed'); set('cmi.exit', 'suspend'); set('cmi.session_time', 'PT42S');`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${esc(title)}</title>
<style>body{font-family:sans-serif;margin:2rem} button{font-size:1.1rem;padding:.6rem 1rem}</style>
</head>
<body>
<h1>${esc(title)}</h1>
<p id="api">Looking for the SCORM ${version} run-time…</p>
<p id="resume"></p>
<p id="state"></p>
<button id="finish" type="button">Finish the lesson</button>
<script>
(function () {
  function find(w) { for (var i = 0; w && i < 10; i++) { try { if (w.${name}) return w.${name}; } catch (e) {} if (w === w.parent) break; w = w.parent; } return null; }
  var api = find(window);
  var say = function (id, text) { document.getElementById(id).textContent = text; };
  if (!api) { say('api', 'No SCORM run-time found'); return; }
  api.${init}('');
  say('api', 'Connected to the SCORM ${version} run-time');
  var get = function (k) { return api.${get}(k); };
  var set = function (k, v) { return api.${set}(k, v); };
  var bookmark = get('${loc}');
  var data = get('cmi.suspend_data');
  say('resume', bookmark ? 'Resumed at ' + bookmark + ' with ' + data : 'First visit');
  set('${loc}', 'page-2');
  set('cmi.suspend_data', 'answers=3;page=2');
  api.${commit}('');
  say('state', 'Bookmark saved');
  document.getElementById('finish').addEventListener('click', function () {
    ${sets}
    api.${commit}('');
    api.${finish}('');
    say('state', 'Lesson finished: 85 of 100');
  });
})();
</script>
</body>
</html>
`;
}

/** The zip of a one-page package of `version`. */
export function makePackage(p: MadePackage): Buffer {
  const title = p.title ?? `Demo SCORM ${p.version} lesson`;
  return zipOf([{ name: 'imsmanifest.xml', data: manifestOf(p.version, title) }, { name: 'index.html', data: launchPage(p.version, title) }, ...(p.extra ?? [])]);
}
