import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { validation } from '../../errors/domain-error';

/**
 * Safe reading of untrusted QTI XML (DESIGN "Imported files are untrusted"): a document that declares a
 * DOCTYPE or an entity is refused before any parsing (QTI is described by XML Schema and never needs a DTD),
 * the parser is told not to process entities either (only the five predefined ones and character references
 * are decoded, by hand), and the bytes must be UTF-8. The result is a small neutral tree; QTI 2.x names
 * (camelCase, `choiceInteraction`, `mapKey`) are spelt as QTI 3.0 spells them (`qti-choice-interaction`,
 * `map-key`), so one reader serves 2.1, 2.2 and 3.0.
 */

export interface XNode {
  name: string;
  attrs: Record<string, string>;
  children: XChild[];
}
export type XChild = XNode | string;

export const XML_TEXT = {
  doctype: (file: string) => `${file} declares a DOCTYPE or an entity: DTDs and entities are not accepted in QTI files`,
  notUtf8: (file: string) => `${file} is not UTF-8 text`,
  malformed: (file: string, why: string) => `${file} is not well-formed XML: ${why}`,
  tooDeep: 'The XML is nested more than 200 elements deep',
} as const;

const DTD = /<!DOCTYPE|<!ENTITY/i;
const MAX_DEPTH = 200;

/** QTI 2.x element names that are all lower case (the rest have a capital: responseDeclaration). */
const QTI2_LOWER = new Set([
  'value',
  'prompt',
  'mapping',
  'correct',
  'variable',
  'match',
  'and',
  'or',
  'not',
  'sum',
  'product',
  'gt',
  'lt',
  'gte',
  'lte',
  'member',
  'equal',
  'null',
  'default',
  'index',
  'power',
  'round',
  'truncate',
  'delete',
  'contains',
  'substring',
  'random',
  'min',
  'max',
  'gcd',
  'lcm',
  'stylesheet',
  'inside',
]);

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function qtiName(name: string, v2: boolean): string {
  if (!v2 || name.startsWith('qti-')) return name;
  return /[A-Z]/.test(name) || QTI2_LOWER.has(name) ? `qti-${kebab(name)}` : name;
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** The five predefined entities and character references; anything else is left as written. */
export function decodeXmlText(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g, (whole, ref: string) => {
    if (ref[0] !== '#') return PREDEFINED[ref];
    const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The parser's options: no entity processing (the DOCTYPE check above comes first anyway). */
export const PARSER_OPTIONS = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  allowBooleanAttributes: true,
} as const;
const parser = new XMLParser(PARSER_OPTIONS);

type Ordered = Record<string, unknown>;

function convert(raw: Ordered[], v2: boolean, depth = 0): XChild[] {
  // every walk of the tree recurses: a package nested deeper than any item needs is refused here, not by a stack overflow
  if (depth > MAX_DEPTH) throw validation(XML_TEXT.tooDeep);
  const out: XChild[] = [];
  for (const node of raw) {
    if ('#text' in node) {
      out.push(decodeXmlText(String(node['#text'])));
      continue;
    }
    const name = Object.keys(node).find((k) => k !== ':@');
    if (!name || name.startsWith('?') || name.startsWith('!')) continue;
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries((node[':@'] ?? {}) as Record<string, unknown>)) {
      if (k === 'xmlns' || k.startsWith('xmlns:')) continue;
      attrs[v2 ? kebab(k) : k] = decodeXmlText(String(v));
    }
    out.push({ name: qtiName(name, v2), attrs, children: convert(node[name] as Ordered[], v2, depth + 1) });
  }
  return out;
}

/** Parses one XML file of a package into its root element; `file` names it in the refusals. */
export function parseXml(bytes: Buffer, file: string): XNode {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw validation(XML_TEXT.notUtf8(file));
  }
  if (DTD.test(text)) throw validation(XML_TEXT.doctype(file));
  let valid: ReturnType<typeof XMLValidator.validate>;
  try {
    valid = XMLValidator.validate(text, { allowBooleanAttributes: true });
  } catch {
    throw validation(XML_TEXT.tooDeep);
  }
  if (valid !== true) throw validation(XML_TEXT.malformed(file, `${valid.err.msg} (line ${valid.err.line})`));
  let raw: Ordered[];
  try {
    raw = parser.parse(text) as Ordered[];
  } catch (err) {
    if (err instanceof RangeError) throw validation(XML_TEXT.tooDeep);
    throw validation(XML_TEXT.malformed(file, err instanceof Error ? err.message : String(err)));
  }
  const top = raw.find((n) => !('#text' in n) && Object.keys(n).some((k) => k !== ':@' && !k.startsWith('?')));
  const rootName = top ? (Object.keys(top).find((k) => k !== ':@') ?? '') : '';
  // QTI 2.x items have a camelCase root; 3.0 items and the (IMS CP) manifest are read as written
  const root = convert(top ? [top] : [], rootName === 'assessmentItem')[0];
  if (!root || typeof root === 'string') throw validation(XML_TEXT.malformed(file, 'no root element'));
  return root;
}

export function isElement(c: XChild | undefined): c is XNode {
  return typeof c === 'object' && c !== null;
}

export const elements = (n: XNode, name?: string): XNode[] =>
  n.children.filter((c): c is XNode => isElement(c) && (!name || c.name === name));

export const first = (n: XNode, name: string): XNode | undefined => elements(n, name)[0];

/** Every element below `n` (depth first, document order) with this name. */
export function descendants(n: XNode, name: string | ((x: XNode) => boolean)): XNode[] {
  const test = typeof name === 'string' ? (x: XNode) => x.name === name : name;
  const out: XNode[] = [];
  const walk = (x: XNode) => {
    for (const c of elements(x)) {
      if (test(c)) out.push(c);
      walk(c);
    }
  };
  walk(n);
  return out;
}

/** The text content of an element, whitespace as written. */
export const textOf = (n: XNode): string => n.children.map((c) => (typeof c === 'string' ? c : textOf(c))).join('');

/** Escapes text for an XML text node or a double-quoted attribute. */
export const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
