import { validation } from '../../errors/domain-error';
import { readItem } from './qti.item';
import { OpenPackage, QTI_LIMITS, isZip, openPackage, resolveHref } from './qti.package';
import { QtiFile, QtiReadResult } from './qti.types';
import { XNode, descendants, parseXml, textOf } from './qti.xml';

/**
 * Reads a QTI content package (imsmanifest.xml and item files, QTI 2.1, 2.2 or 3.0) or a single item XML into
 * questions, the items skipped with their reasons, and the images the questions show. Nothing is stored here.
 */

export const IMPORT_TEXT = {
  tooManyItems: (n: number) => `The package holds ${n} items; at most ${QTI_LIMITS.items} are imported at once`,
  noItems: 'The package holds no QTI item',
  notAnItem: (file: string) => `${file} is not a QTI assessment item`,
  missingFile: (href: string) => `The manifest names ${href}, which is not in the package`,
} as const;

const ITEM_RESOURCE = /^imsqti_item_xmlv(2p1|2p2|3p0)/;
const isItemRoot = (n: XNode) => n.name === 'qti-assessment-item';
const isImagePath = (p: string) => /\.(png|jpe?g|gif|svg|webp)$/i.test(p);

interface ItemRef {
  file: string;
  identifier: string;
  tags: string[];
}

/** The item resources of the manifest, in its order, with their LOM keywords as tags. */
function manifestItems(manifest: XNode): ItemRef[] {
  const resources = descendants(manifest, 'resource').filter((r) => ITEM_RESOURCE.test(r.attrs.type ?? ''));
  if (resources.length > QTI_LIMITS.items) throw validation(IMPORT_TEXT.tooManyItems(resources.length));
  return resources.map((r) => {
    const file = resolveHref('imsmanifest.xml', r.attrs.href ?? '') ?? r.attrs.href ?? '';
    const tags = descendants(r, 'keyword')
      .flatMap((k) => {
        const strings = descendants(k, 'string');
        return (strings.length ? strings : [k]).map((s) => textOf(s).trim());
      })
      .filter(Boolean);
    return { file, identifier: r.attrs.identifier ?? file, tags: [...new Set(tags)] };
  });
}

async function readFromZip(pkg: OpenPackage): Promise<QtiReadResult> {
  let refs: ItemRef[];
  if (pkg.has('imsmanifest.xml')) {
    refs = manifestItems(parseXml(await pkg.read('imsmanifest.xml', QTI_LIMITS.xmlBytes), 'imsmanifest.xml'));
  } else {
    const xml = pkg.names.filter((n) => n.toLowerCase().endsWith('.xml'));
    if (xml.length > QTI_LIMITS.items) throw validation(IMPORT_TEXT.tooManyItems(xml.length));
    refs = xml.map((file) => ({ file, identifier: file, tags: [] }));
  }
  const result: QtiReadResult = { questions: [], skipped: [], files: [] };
  const files = new Map<string, QtiFile>();
  for (const ref of refs) {
    if (!pkg.has(ref.file)) {
      result.skipped.push({ identifier: ref.identifier, interaction: 'none', reason: IMPORT_TEXT.missingFile(ref.file) });
      continue;
    }
    const root = parseXml(await pkg.read(ref.file, QTI_LIMITS.xmlBytes), ref.file);
    if (!isItemRoot(root)) {
      // without a manifest, other XML files (a test, metadata) are simply not items
      if (pkg.has('imsmanifest.xml'))
        result.skipped.push({ identifier: ref.identifier, interaction: 'none', reason: IMPORT_TEXT.notAnItem(ref.file) });
      continue;
    }
    const read = readItem(root, ref.identifier, ref.tags);
    if (!read.ok) {
      result.skipped.push(read.skipped);
      continue;
    }
    const images: string[] = [];
    for (const src of read.images) {
      const path = resolveHref(ref.file, src);
      if (!path || !isImagePath(path)) continue;
      if (!pkg.has(path)) {
        read.notes.push(`The image ${src} is not in the package`);
        continue;
      }
      if (!files.has(path)) files.set(path, { path, bytes: await pkg.read(path) });
      images.push(path);
    }
    result.questions.push({
      identifier: read.identifier,
      interaction: read.interaction,
      file: ref.file,
      question: read.question,
      notes: read.notes,
      images,
    });
  }
  result.files = [...files.values()];
  if (!result.questions.length && !result.skipped.length) throw validation(IMPORT_TEXT.noItems);
  return result;
}

/** Reads an uploaded package (zip) or item (XML); `filename` names a single item in the refusals. */
export async function readQti(bytes: Buffer, filename = 'item.xml'): Promise<QtiReadResult> {
  if (!isZip(bytes)) {
    if (bytes.length > QTI_LIMITS.xmlBytes) throw validation(IMPORT_TEXT.notAnItem(filename));
    const root = parseXml(bytes, filename);
    if (!isItemRoot(root)) throw validation(IMPORT_TEXT.notAnItem(filename));
    const read = readItem(root, filename);
    if (!read.ok) return { questions: [], skipped: [read.skipped], files: [] };
    // a lone item file cannot carry its images: say so rather than drop them silently
    const notes = [...read.notes, ...read.images.map((src) => `The image ${src} is not in the upload (send a package to bring images)`)];
    return {
      questions: [
        { identifier: read.identifier, interaction: read.interaction, file: filename, question: read.question, notes, images: [] },
      ],
      skipped: [],
      files: [],
    };
  }
  const pkg = await openPackage(bytes);
  try {
    return await readFromZip(pkg);
  } finally {
    pkg.close();
  }
}
