import { CombinedGraphQLErrors, type TypedDocumentNode } from '@apollo/client';
import { addTypenameToDocument } from '@apollo/client/utilities';
import { getOperationAST, print, type GraphQLFormattedError } from 'graphql';
import { GRAPHQL_URI } from './endpoint';
import { getToken } from './token';

/** A file and where it goes in the variables ('variables.file', 'variables.input.answers.0.file'). */
export interface MultipartFile {
  path: string;
  file: File;
}

/**
 * A GraphQL operation as a multipart request (the GraphQL multipart request spec: operations, map, then the
 * file parts), sent with XMLHttpRequest because fetch (and so Apollo's HttpLink) reports no upload progress.
 * The document gets __typename, as Apollo would send it, so its answer can go into the cache as it is.
 * `onProgress` gets whole percents. Rejects with CombinedGraphQLErrors when the server answers with errors,
 * so that `errorMessage` shows the server's text; resolves to the answer's data.
 */
export function sendMultipart<TData, TVariables extends Record<string, unknown>>(
  document: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
  files: MultipartFile[],
  onProgress?: (percent: number) => void,
): Promise<TData> {
  const withTypename = addTypenameToDocument(document);
  const operationName = getOperationAST(withTypename)?.name?.value;
  const form = new FormData();
  form.append('operations', JSON.stringify({ operationName, query: print(withTypename), variables }));
  form.append('map', JSON.stringify(Object.fromEntries(files.map((f, i) => [String(i), [f.path]]))));
  files.forEach((f, i) => form.append(String(i), f.file, f.file.name));

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', GRAPHQL_URI);
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    // Apollo Server's CSRF prevention: multipart requests must carry this header
    xhr.setRequestHeader('Apollo-Require-Preflight', 'true');
    xhr.upload.onprogress = (event) => {
      if (onProgress && event.lengthComputable && event.total > 0)
        onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.onabort = () => reject(new Error('Upload aborted'));
    xhr.onload = () => {
      let body: { data?: TData | null; errors?: GraphQLFormattedError[] } | null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (body?.errors?.length) {
        reject(new CombinedGraphQLErrors({ data: (body.data ?? null) as Record<string, unknown> | null, errors: body.errors }));
        return;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.data) {
        onProgress?.(100);
        resolve(body.data);
      } else {
        reject(new Error(`Request failed (${xhr.status})`));
      }
    };
    xhr.send(form);
  });
}

/**
 * Sends a GraphQL operation with `keepalive`, outside Apollo, so that it still goes out while the page is being
 * hidden or unloaded (autosave on page hide). The answer is not read.
 */
export function sendKeepalive<TData, TVariables extends Record<string, unknown>>(
  document: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
): void {
  const token = getToken();
  void fetch(GRAPHQL_URI, {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: {
      'Content-Type': 'application/json',
      'Apollo-Require-Preflight': 'true',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ operationName: getOperationAST(document)?.name?.value, query: print(document), variables }),
  }).catch(() => undefined);
}
