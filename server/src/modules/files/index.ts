/**
 * The files domain's public face: all that other domains, the composition root, jobs and tests may import from it
 * (eslint.config.mjs refuses an import of any other file of this folder from outside it).
 */
export { officeContentTypes, tinyPdf, tinyPng, tinyZip } from './demo-files';
export { FileStore, LocalFileStore } from './file-store';
export { MIME_KIND, declaredMime, detectKind } from './file-type';
export { receiveMultipart, receiveMultipartFiles, sendDownload } from './files.http';
export { filesManifest } from './files.manifest';
export {
  FILE_TEXT,
  FilesService,
  IncomingFile,
  MAX_FILE_BYTES,
  MAX_UPLOAD_FILES,
  ReceivedFile,
  asDomainError,
  checkedType,
  cleanFileName,
  requestBudget,
  seedingFileStore,
} from './files.service';
export { StoredFile } from './stored-file.entity';
