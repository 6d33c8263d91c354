import type { ContentType } from '../gql/types';

/** The spec's names of the content types (section 5) for the schema's ALL_CAPS values, in the picker's order. */
export const CONTENT_TYPE_LABEL: Record<ContentType, string> = {
  PDF: 'PDF',
  VIDEO: 'Video',
  PPT: 'PPT',
  READING: 'Reading',
  OTHER: 'Other',
};
export const CONTENT_TYPES = Object.keys(CONTENT_TYPE_LABEL) as readonly ContentType[];

/** Allowed files per content type (spec section 5), by MIME type and, when the browser gives none, by extension. */
const ALLOWED: Record<ContentType, { mimes: string[]; extensions: string[] }> = {
  PDF: { mimes: ['application/pdf'], extensions: ['pdf'] },
  VIDEO: { mimes: ['video/mp4', 'video/webm'], extensions: ['mp4', 'webm'] },
  PPT: {
    mimes: ['application/vnd.ms-powerpoint', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    extensions: ['ppt', 'pptx'],
  },
  READING: {
    mimes: ['application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'text/plain'],
    extensions: ['doc', 'docx', 'txt'],
  },
  OTHER: { mimes: ['image/jpeg', 'image/png'], extensions: ['jpg', 'jpeg', 'png'] },
};

/** The file input's `accept` for a content type. */
export function acceptFor(type: ContentType): string {
  const a = ALLOWED[type];
  return [...a.mimes, ...a.extensions.map((e) => `.${e}`)].join(',');
}

export function fileMatchesType(file: { name: string; type: string }, type: ContentType): boolean {
  const allowed = ALLOWED[type];
  if (file.type) return allowed.mimes.includes(file.type);
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  return allowed.extensions.includes(ext);
}

export function invalidTypeText(type: ContentType): string {
  return `Invalid file type for ${CONTENT_TYPE_LABEL[type]}. Please select a valid file.`;
}

/** Extensions added to a downloaded file's name when it has none (spec section 7). */
export const EXTENSION_BY_MIME: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'video/mp4': 'mp4',
  'text/plain': 'txt',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'video/webm': 'webm',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};
