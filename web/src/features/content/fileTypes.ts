import type { ContentType } from '../../gql/types';

export const CONTENT_TYPES: ContentType[] = ['PDF', 'Video', 'PPT', 'Reading', 'Other'];

/** Allowed files per content type (spec section 5), by MIME type and, when the browser gives none, by extension. */
const ALLOWED: Record<ContentType, { mimes: string[]; extensions: string[] }> = {
  PDF: { mimes: ['application/pdf'], extensions: ['pdf'] },
  Video: { mimes: ['video/mp4', 'video/webm'], extensions: ['mp4', 'webm'] },
  PPT: {
    mimes: ['application/vnd.ms-powerpoint', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    extensions: ['ppt', 'pptx'],
  },
  Reading: {
    mimes: ['application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'text/plain'],
    extensions: ['doc', 'docx', 'txt'],
  },
  Other: { mimes: ['image/jpeg', 'image/png'], extensions: ['jpg', 'jpeg', 'png'] },
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
  return `Invalid file type for ${type}. Please select a valid file.`;
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
