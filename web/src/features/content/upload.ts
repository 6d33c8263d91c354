import { CombinedGraphQLErrors } from '@apollo/client';
import { addTypenameToDocument } from '@apollo/client/utilities';
import { print, type GraphQLFormattedError } from 'graphql';
import { GRAPHQL_URI } from '../../app/apollo';
import { getToken } from '../../app/token';
import type { UploadContentInput } from '../../gql/types';
import { UploadContentDocument, type ContentItemFragment } from './content.generated';

// with __typename, as Apollo would send it: the answer goes into the cache as it is (useModuleDetail)
const UPLOAD_QUERY = print(addTypenameToDocument(UploadContentDocument));

/**
 * uploadContent as a GraphQL multipart request (operations, map, then the file part), sent with
 * XMLHttpRequest because fetch (and so Apollo's HttpLink) reports no upload progress. `onProgress` gets
 * whole percents. Rejects with CombinedGraphQLErrors when the server answers with errors, so that
 * `errorMessage` shows the server's text.
 */
export function uploadContentFile(
  input: UploadContentInput,
  file: File,
  onProgress: (percent: number) => void,
): Promise<ContentItemFragment> {
  const form = new FormData();
  form.append('operations', JSON.stringify({ operationName: 'UploadContent', query: UPLOAD_QUERY, variables: { file: null, input } }));
  form.append('map', JSON.stringify({ 0: ['variables.file'] }));
  form.append('0', file, file.name);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', GRAPHQL_URI);
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    // Apollo Server's CSRF prevention: multipart requests must carry this header
    xhr.setRequestHeader('Apollo-Require-Preflight', 'true');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.onabort = () => reject(new Error('Upload aborted'));
    xhr.onload = () => {
      let body: { data?: { uploadContent?: ContentItemFragment } | null; errors?: GraphQLFormattedError[] } | null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (body?.errors?.length) {
        reject(new CombinedGraphQLErrors({ data: body.data ?? null, errors: body.errors }));
        return;
      }
      const content = body?.data?.uploadContent;
      if (xhr.status >= 200 && xhr.status < 300 && content) {
        onProgress(100);
        resolve(content);
      } else {
        reject(new Error(`Upload failed (${xhr.status})`));
      }
    };
    xhr.send(form);
  });
}
