import { presenter } from '../../core/rest';
import { Actor } from '../../policies';
import { Content } from './content.entity';
import { presentModule } from '../course-modules';

export const downloadPath = (id: string) => `/api/content/download/${id}`;

/** A content item for REST (platform.md section 3), with module {_id} or, when loaded, the module and its course. */
export const presentContent = presenter((viewer: Actor, c: Content) => ({
  id: c.id,
  title: c.title,
  description: c.description,
  contentType: c.contentType,
  fileName: c.fileName,
  fileSize: c.fileSize,
  mimeType: c.mimeType,
  isVisible: c.isVisible,
  module: c.module ? presentModule(viewer, c.module) : { id: c.moduleId },
  downloadUrl: downloadPath(c.id),
  createdAt: c.createdAt,
  version: c.version,
}));
