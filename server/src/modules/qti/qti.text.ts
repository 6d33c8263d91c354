import { XNode, elements, isElement } from './qti.xml';

/**
 * The text of an item body as plain text (questions here are plain text): blocks become paragraphs, <br/>
 * a line break, a text entry a blank, an image "[image: its alt]"; feedback, rubrics, templates, styles and
 * the options of a choice are left out (the options become the question's options).
 */

const BLOCK = new Set([
  'p',
  'div',
  'blockquote',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'tr',
  'pre',
  'figure',
  'figcaption',
  'section',
  'article',
  'dl',
  'dt',
  'dd',
  'hr',
  'qti-prompt',
  'qti-choice-interaction',
  'qti-extended-text-interaction',
  'qti-upload-interaction',
]);
const LEFT_OUT = new Set([
  'qti-feedback-block',
  'qti-feedback-inline',
  'qti-modal-feedback',
  'qti-rubric-block',
  'qti-template-block',
  'qti-template-inline',
  'qti-simple-choice',
  'style',
  'script',
  'qti-stylesheet',
  'qti-catalog-info',
  'qti-companion-materials-info',
]);
const IMAGE = /\.(png|jpe?g|gif|svg|webp)$/i;
/** The block the exporter writes a question's images in (shown under the text here): its images are not part of the text. */
export const IMAGES_CLASS = 'lms-question-images';
const isImagesBlock = (x: XNode) => (x.attrs.class ?? '').split(/\s+/).includes(IMAGES_CLASS);

/** Paths of the images a part of an item shows (img src, object data), as written. */
export function imageRefs(n: XNode): string[] {
  const out: string[] = [];
  const walk = (x: XNode) => {
    if (x.name === 'img' && x.attrs.src) out.push(x.attrs.src);
    if (x.name === 'object' && x.attrs.data && (IMAGE.test(x.attrs.data) || x.attrs.type?.startsWith('image/'))) out.push(x.attrs.data);
    if (!LEFT_OUT.has(x.name)) elements(x).forEach(walk);
  };
  walk(n);
  return out;
}

const baseName = (path: string) => path.split(/[/?#]/).filter(Boolean).slice(-1)[0] ?? path;

/** The plain text of `n` (the item body, or a choice); a line of text when `inline`. */
export function plainText(n: XNode, inline = false): string {
  let out = '';
  const walk = (x: XNode) => {
    for (const c of x.children) {
      if (!isElement(c)) {
        out += c.replace(/\s+/g, ' ');
        continue;
      }
      if (LEFT_OUT.has(c.name) || isImagesBlock(c)) continue;
      if (c.name === 'br') {
        out += '\n';
        continue;
      }
      if (c.name === 'qti-text-entry-interaction' || c.name === 'qti-inline-choice-interaction') {
        out += ' _____ ';
        continue;
      }
      if (c.name === 'img') {
        out += ` [image: ${c.attrs.alt?.trim() || baseName(c.attrs.src ?? '')}] `;
        continue;
      }
      if (c.name === 'object' && c.attrs.data) out += `\n[image: ${baseName(c.attrs.data)}]\n`;
      const block = BLOCK.has(c.name);
      if (block) out += '\n\n';
      if (c.name === 'li') out += '\n- ';
      if (c.name === 'td' || c.name === 'th') out += ' ';
      walk(c);
      if (block) out += '\n\n';
      if (c.name === 'li') out += '\n';
    }
  };
  walk(n);
  const lines = out.split('\n').map((l) => l.replace(/ +/g, ' ').trim());
  if (inline) return lines.filter(Boolean).join(' ');
  // a text entry alone at the end (as the exporter writes it) is the answer box, not part of the text
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .replace(/\n\n_____$/, '');
}

/** Plain text as XHTML paragraphs for an item body: a blank line parts paragraphs, a line break is <br/>. */
export function paragraphs(text: string, escape: (s: string) => string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map(
      (p) =>
        `<p>${p
          .split('\n')
          .map((l) => escape(l.trim()))
          .join('<br/>')}</p>`,
    )
    .join('\n      ');
}
