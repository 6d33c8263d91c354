import { FragmentDefinitionNode, GraphQLResolveInfo, Kind, OperationDefinitionNode, parse } from 'graphql';
import { asksOnly, mayAsk } from './selection';

/** The info of the operation's first root field, as far as mayAsk reads it (its field nodes and the fragments). */
function infoOf(source: string): GraphQLResolveInfo {
  const doc = parse(source);
  const op = doc.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const fragments = Object.fromEntries(
    doc.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]),
  );
  const first = op.selectionSet.selections[0];
  return { fieldNodes: [first], fragments } as unknown as GraphQLResolveInfo;
}

it('finds a field asked for directly, by alias, through fragments and inline fragments', () => {
  expect(mayAsk(infoOf('{ studentCourses { courses { id teachers { id } } } }'), ['courses', 'teachers'])).toBe(true);
  expect(mayAsk(infoOf('{ studentCourses { list: courses { staff: teachers { id } } } }'), ['courses', 'teachers'])).toBe(true);
  expect(
    mayAsk(
      infoOf('{ studentCourses { ...A } } fragment A on StudentCourses { courses { ...B } } fragment B on Course { teachers { id } }'),
      ['courses', 'teachers'],
    ),
  ).toBe(true);
  expect(
    mayAsk(infoOf('{ studentCourses { ... on StudentCourses { courses { ... { teachers { id } } } } } }'), ['courses', 'teachers']),
  ).toBe(true);
  // under @skip it still counts: what is left out must be what no answer reads
  expect(mayAsk(infoOf('{ studentCourses { courses { teachers @skip(if: true) { id } } } }'), ['courses', 'teachers'])).toBe(true);
});

it('answers no only when nothing under the field asks for it', () => {
  expect(mayAsk(infoOf('{ studentCourses { courses { id title } } }'), ['courses', 'teachers'])).toBe(false);
  expect(mayAsk(infoOf('{ studentCourses { studentInfo { class { id } } } }'), ['courses', 'teachers'])).toBe(false);
  // a field of that name elsewhere is not the one asked about
  expect(mayAsk(infoOf('{ studentCourses { teachers: studentInfo { class { id } } courses { id } } }'), ['courses', 'teachers'])).toBe(
    false,
  );
});

it('asksOnly: every field asked at the path, by name, through fragments and aliases, is one of those given', () => {
  const LEAN = ['id', 'title', 'subject'];
  expect(asksOnly(infoOf('{ studentCourses { courses { __typename id name: title subject { name } } } }'), ['courses'], LEAN)).toBe(true);
  expect(asksOnly(infoOf('{ studentCourses { studentInfo { class { id } } } }'), ['courses'], LEAN)).toBe(true);
  expect(asksOnly(infoOf('{ studentCourses { courses { id ...C } } } fragment C on Course { description }'), ['courses'], LEAN)).toBe(
    false,
  );
  expect(asksOnly(infoOf('{ studentCourses { courses { id ... on Course { version } } } }'), ['courses'], LEAN)).toBe(false);
  // an alias named like an allowed field is still the field it names
  expect(asksOnly(infoOf('{ studentCourses { courses { title: description } } }'), ['courses'], LEAN)).toBe(false);
  // under @skip it still counts
  expect(asksOnly(infoOf('{ studentCourses { courses { id createdAt @skip(if: true) } } }'), ['courses'], LEAN)).toBe(false);
});
