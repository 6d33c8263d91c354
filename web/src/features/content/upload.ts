import { sendMultipart } from '../../lib/multipart';
import type { UploadContentInput } from '../../gql/types';
import { UploadContentDocument, type ContentItemFragment } from './content.generated';

/**
 * uploadContent as a GraphQL multipart request with upload progress (`onProgress` gets whole percents).
 * Rejects with CombinedGraphQLErrors when the server answers with errors, so that `errorMessage` shows the
 * server's text; the answer goes into the cache as it is (useModuleDetail).
 */
export async function uploadContentFile(
  input: UploadContentInput,
  file: File,
  onProgress: (percent: number) => void,
): Promise<ContentItemFragment> {
  const data = await sendMultipart(UploadContentDocument, { file: null, input }, [{ path: 'variables.file', file }], onProgress);
  return data.uploadContent;
}
