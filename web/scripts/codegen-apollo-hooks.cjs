// graphql-codegen plugin (codegen.yml at the repository root): one React hook per operation of a .graphql file, for Apollo Client 4.
// Each hook is `useQuery` / `useMutation` from @apollo/client/react over the typed document (TypedDocumentNode)
// that the typed-document-node plugin writes into the same file, so the hooks carry no types of their own and
// type-check as they are (typescript-react-apollo's suspense overloads did not, hence the @ts-nocheck it needed).
//   query CourseDetail($id: ID!)     -> useCourseDetailQuery({ variables: { id } })
//   mutation UpdateCourse($input: …) -> const [updateCourse] = useUpdateCourseMutation()
// A page may as well call useQuery(CourseDetailDocument, …) itself.

const KINDS = { query: 'Query', mutation: 'Mutation' };

/** typescript-operations and typed-document-node name things by pascalCase(name): keep names where that is the identity. */
function checkedName(name) {
  if (!/^[A-Z][a-z0-9]*(?:[A-Z][a-z0-9]+)*$/.test(name)) {
    throw new Error(`codegen-apollo-hooks: operation name '${name}' must be PascalCase without consecutive capitals or underscores`);
  }
  return name;
}

module.exports = {
  plugin(_schema, documents) {
    const hooks = [];
    const used = new Set();
    for (const { document } of documents) {
      for (const def of document?.definitions ?? []) {
        if (def.kind !== 'OperationDefinition' || !def.name) continue;
        const kind = KINDS[def.operation];
        if (!kind) continue; // subscriptions: none yet
        const name = checkedName(def.name.value);
        const data = `${name}${kind}`;
        const variables = `${data}Variables`;
        const doc = `${name}Document`;
        // the options (and in them the variables) are required exactly when the operation requires variables
        const required = (def.variableDefinitions ?? []).some((v) => v.type.kind === 'NonNullType' && !v.defaultValue);
        const hook = kind === 'Query' ? 'useQuery' : 'useMutation';
        const param = kind === 'Query' && required ? 'options' : 'options?';
        hooks.push(`export function use${data}(${param}: ${hook}.Options<${data}, ${variables}>) {\n  return ${hook}(${doc}, options);\n}`);
        used.add(hook);
      }
    }
    if (!hooks.length) return '';
    return { prepend: [`import { ${[...used].sort().join(', ')} } from '@apollo/client/react';`], content: hooks.join('\n') + '\n' };
  },
};
