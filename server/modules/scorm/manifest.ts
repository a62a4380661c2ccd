import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { AppError } from '../../core/errors.ts';
import type { ScormVersion } from '../../db/schema/index.ts';

/** What a package's `imsmanifest.xml` says, as far as the player needs it. */
export interface Manifest {
  title: string;
  version: ScormVersion;
  /** The default organisation's identifier. */
  organization: string | null;
  /** The launch file, relative to the package's root, with the item's parameters. */
  launch: string;
  /** The launch file's path alone (no query, no fragment), to check that the package holds it. */
  launchPath: string;
}

/** Largest manifest read (bytes). */
export const MANIFEST_MAX = 1024 * 1024;

const invalid = (reason: string) => new AppError(422, 'ERROR_SCORM_MANIFEST_INVALID', `imsmanifest.xml: ${reason}`, { reason });

type Node = Record<string, unknown>;
const list = (v: unknown): Node[] => (Array.isArray(v) ? v : v === undefined || v === null || v === '' ? [] : [v]).filter((x): x is Node => typeof x === 'object' && x !== null);
/** The five XML entities and character references (the parser expands none: a DOCTYPE's own entities stay as written). */
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|amp|lt|gt|quot|apos);/gi, (all, e: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (named[e.toLowerCase()]) return named[e.toLowerCase()];
    const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
  });
const textOf = (v: unknown): string => {
  if (typeof v === 'string' || typeof v === 'number') return decode(String(v)).trim();
  if (Array.isArray(v)) return textOf(v[0]);
  if (v && typeof v === 'object' && '#text' in v) return textOf((v as Node)['#text']);
  return '';
};
const attr = (n: Node | undefined, name: string) => textOf(n?.[`@_${name}`]);

/** A relative path inside the package: no scheme, no absolute path, no backslash, no `..`. */
export function safeRelative(path: string) {
  if (!path || path.length > 1000) return false;
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('/') || path.includes('\\') || path.includes('\0')) return false;
  return !path.split('/').some((s) => s === '..');
}

/** The first item, depth first, that names a resource. */
function firstLaunchable(items: Node[]): Node | undefined {
  for (const item of items) {
    if (attr(item, 'identifierref')) return item;
    const inner = firstLaunchable(list(item.item));
    if (inner) return inner;
  }
  return undefined;
}

/** The SCORM version: `schemaversion` first, then the namespaces of the ADL extensions. */
function versionOf(text: string, schemaversion: string): ScormVersion {
  const v = schemaversion.toLowerCase();
  if (v === '1.2') return '1.2';
  if (v.includes('2004') || v.includes('1.3')) return '2004';
  if (/adlcp_v1p3|imsss|adlseq_v1p3|adlnav_v1p3/.test(text)) return '2004';
  if (/adlcp_rootv1p2/.test(text)) return '1.2';
  throw invalid('the SCORM version is neither 1.2 nor 2004 (schemaversion and namespaces)');
}

const joinBase = (...parts: string[]) =>
  parts
    .filter(Boolean)
    .map((p, i, all) => (i < all.length - 1 && !p.endsWith('/') ? `${p}/` : p))
    .join('');

/**
 * Reads a manifest: its title, version, default organisation and launch file (the resource of the default
 * organisation's first item that names one, with `xml:base` and the item's parameters). 422
 * ERROR_SCORM_MANIFEST_INVALID with the reason when it cannot be used. Entities are not expanded (no DOCTYPE tricks).
 */
export function readManifest(text: string, fallbackTitle: string): Manifest {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw invalid(`not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', removeNSPrefix: true, processEntities: false, parseTagValue: false, parseAttributeValue: false });
  const doc = parser.parse(text) as Node;
  const manifest = list(doc.manifest)[0];
  if (!manifest) throw invalid('the root element is not <manifest>');
  const metadata = list(manifest.metadata)[0];
  const version = versionOf(text, textOf(metadata?.schemaversion));
  const orgs = list(manifest.organizations)[0];
  const all = list(orgs?.organization);
  if (!all.length) throw invalid('no <organization>');
  const wanted = attr(orgs, 'default');
  const org = (wanted && all.find((o) => attr(o, 'identifier') === wanted)) || all[0];
  const item = firstLaunchable(list(org.item));
  if (!item) throw invalid('no item of the organisation names a resource (identifierref)');
  const resources = list(manifest.resources)[0];
  const ref = attr(item, 'identifierref');
  const resource = list(resources?.resource).find((r) => attr(r, 'identifier') === ref);
  if (!resource) throw invalid(`the item's resource ${ref} is not among the resources`);
  const href = attr(resource, 'href');
  if (!href) throw invalid(`the resource ${ref} has no href`);
  const path = joinBase(attr(resources, 'base'), attr(resource, 'base'), href);
  let launchPath = path.split(/[?#]/)[0].replace(/^\.\//, '');
  try {
    launchPath = decodeURIComponent(launchPath);
  } catch {
    throw invalid(`the launch file ${href} is not a file of the package`);
  }
  if (!safeRelative(launchPath)) throw invalid(`the launch file ${href} is not a file of the package`);
  const params = attr(item, 'parameters');
  const p = params.replace(/^[?&]+/, '');
  const launch = !p ? path : p.startsWith('#') ? `${path}${p}` : `${path}${path.includes('?') ? '&' : '?'}${p}`;
  const title = (textOf(org.title) || textOf(list(item.title)[0] ?? item.title) || fallbackTitle).slice(0, 255);
  return { title, version, organization: attr(org, 'identifier') || null, launch: launch.replace(/^\.\//, ''), launchPath };
}
