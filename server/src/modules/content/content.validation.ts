import { validation } from '../../errors/domain-error';
import { flag, freeText, refId, requiredText, versionOf } from '../../core/input';
import { DESCRIPTION_MAX, TITLE_MAX } from '../courses';
import { ContentType } from './content.entity';

export const CONTENT_TEXT = {
  fileRequired: 'Please select a file to upload',
  invalidType: (type: string) => `Invalid file type for ${type}. Please select a valid file.`,
  typeUnknown: 'Content type must be one of PDF, Video, PPT, Reading or Other',
  titleRequired: 'Title is required',
  moduleRequired: 'Module is required',
  notFound: 'Content not found',
  moduleNotFound: 'Module not found',
  cannotUpload: 'Only teachers can upload content',
  cannotManage: 'Only the teachers of this course can manage its content',
  selectContent: 'Please select content to reuse',
  uploaded: 'Content uploaded successfully',
  updated: 'Content updated successfully',
  deleted: 'Content deleted successfully',
  cloned: 'Content reused successfully',
} as const;

/** platform.md section 5: which declared types each content type accepts (the bytes must agree as well). */
export const ALLOWED_MIME: Record<ContentType, string[]> = {
  PDF: ['application/pdf'],
  Video: ['video/mp4', 'video/webm'],
  PPT: ['application/vnd.ms-powerpoint', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  Reading: ['application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'text/plain'],
  Other: ['image/jpeg', 'image/png'],
};

const CONTENT_TYPES = Object.values(ContentType) as string[];

function contentType(v: unknown): ContentType | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string' || !CONTENT_TYPES.includes(v)) throw validation(CONTENT_TEXT.typeUnknown, 'contentType');
  return v as ContentType;
}

export interface UploadInput {
  moduleId?: unknown;
  title?: unknown;
  description?: unknown;
  contentType?: unknown;
  isVisible?: unknown;
}

/** The fields of an upload; the title falls back to the file name (the spec names no rule for it). */
export function validateUpload(input: UploadInput) {
  const moduleId = refId(input.moduleId, CONTENT_TEXT.moduleRequired, CONTENT_TEXT.moduleNotFound, 'moduleId');
  const title = freeText(input.title, 'Title', TITLE_MAX, 'line', 'title') || undefined;
  return {
    moduleId,
    title,
    description: freeText(input.description, 'Description', DESCRIPTION_MAX, undefined, 'description') ?? '',
    contentType: contentType(input.contentType) ?? ContentType.PDF,
    isVisible: flag(input.isVisible, 'isVisible', 'isVisible') ?? true,
  };
}

export function validateContentEdit(input: UploadInput & { version?: unknown }) {
  const set: { title?: string; description?: string; contentType?: ContentType; isVisible?: boolean } = {};
  if (input.title !== undefined) set.title = requiredText(input.title, CONTENT_TEXT.titleRequired, 'Title', TITLE_MAX, undefined, 'title');
  const description = freeText(input.description, 'Description', DESCRIPTION_MAX, undefined, 'description');
  if (description !== undefined) set.description = description;
  const type = contentType(input.contentType);
  if (type) set.contentType = type;
  const visible = flag(input.isVisible, 'isVisible', 'isVisible');
  if (visible !== undefined) set.isVisible = visible;
  return { set, version: versionOf(input.version) };
}
