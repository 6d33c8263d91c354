import { ApolloArmor } from '@escape.tech/graphql-armor';
import {
  ASTVisitor,
  GraphQLError,
  GraphQLNamedType,
  Kind,
  SelectionNode,
  ValidationContext,
  getNamedType,
  getNullableType,
  isInterfaceType,
  isListType,
  isObjectType,
} from 'graphql';

/**
 * What one GraphQL request may ask for, checked before anything runs. Every operation the web client sends
 * stays well inside (graphql-limits.test.ts measures them all against these numbers); the limits exist so
 * that one request cannot make the server build megabytes of nested answers or parse a novel.
 */
export const GRAPHQL_LIMITS = {
  /** nesting of fields, fragments counted: the deepest client page (the course page) is 11 */
  maxDepth: 24,
  /** the same field asked for again under another name */
  maxAliases: 15,
  /**
   * graphql-armor's static cost: objects 2, scalars 1, times 1.5 per level of depth, and a paged list's items
   * times its `first` when the query writes it as a number (a variable is not multiplied; answerSizeRule
   * bounds those): the largest client page (Teacher Assignment, with its 200 teachers) costs about 7,200,
   * 200 students with their class and year about 7,000
   */
  maxCost: 20_000,
  /** lexical tokens of the query text */
  maxTokens: 2000,
  maxDirectives: 20,
  /**
   * estimated items of an answer (see answerSizeRule): the largest client page (My Courses, the
   * course-management tree, five lists deep) is under 50,000, and an integrator's My Courses with every
   * course's modules and teachers about 250,000; six lists deep is the most this allows
   */
  maxAnswerSize: 2_000_000,
} as const;

export type GraphqlLimits = { [K in keyof typeof GRAPHQL_LIMITS]: number };

/** Apollo plugins and validation rules of the limits (tests pass smaller ones to prove the client's room). */
export function graphqlLimits(l: GraphqlLimits = GRAPHQL_LIMITS) {
  const armor = new ApolloArmor({
    maxDepth: { n: l.maxDepth, ignoreIntrospection: true },
    maxAliases: { n: l.maxAliases },
    costLimit: { maxCost: l.maxCost, ignoreIntrospection: true },
    // counted before Apollo, by app/graphql.ts (armor's parser hook is answered as a server error)
    maxTokens: { enabled: false },
    maxDirectives: { n: l.maxDirectives },
    // field suggestions ("Did you mean ...?") would describe the schema to someone guessing; it is public anyway, so keep them
    blockFieldSuggestion: { enabled: false },
  }).protect();
  return { plugins: armor.plugins, validationRules: [...armor.validationRules, answerSizeRule(l.maxAnswerSize)] };
}

/** How many items a list field is assumed to hold when estimating the size of an answer. */
const LIST_GUESS = 10;

/**
 * Two checks of what an operation would answer, before it runs. A list field may not appear again inside
 * itself (`academicYears { classes { academicYear { classes ... } } }`: each round multiplies the answer by
 * the school's size, which is what froze the server; no page needs it). And the estimated answer size
 * (every field once per object it is asked of, a list multiplying what is below it by LIST_GUESS) stays
 * under `max`, which a static cost without that factor cannot tell from a wide, shallow page.
 */
export function answerSizeRule(max: number) {
  return (context: ValidationContext): ASTVisitor => {
    const schema = context.getSchema();
    let cycle: string | undefined;
    const sizeOf = (
      selections: readonly SelectionNode[],
      parent: GraphQLNamedType,
      times: number,
      lists: string[],
      fragments: string[],
    ): number => {
      let total = 0;
      for (const s of selections) {
        if (total > max || cycle) break;
        if (s.kind === Kind.FRAGMENT_SPREAD) {
          const fragment = context.getFragment(s.name.value);
          if (!fragment || fragments.includes(s.name.value)) continue;
          const on = schema.getType(fragment.typeCondition.name.value) ?? parent;
          total += sizeOf(fragment.selectionSet.selections, on, times, lists, [...fragments, s.name.value]);
        } else if (s.kind === Kind.INLINE_FRAGMENT) {
          const on = s.typeCondition ? (schema.getType(s.typeCondition.name.value) ?? parent) : parent;
          total += sizeOf(s.selectionSet.selections, on, times, lists, fragments);
        } else {
          const field = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[s.name.value] : undefined;
          if (!field) continue;
          const isList = isListType(getNullableType(field.type));
          const coordinate = `${parent.name}.${field.name}`;
          if (isList && lists.includes(coordinate)) cycle = coordinate;
          const each = times * (isList ? LIST_GUESS : 1);
          total += each;
          if (s.selectionSet)
            total += sizeOf(s.selectionSet.selections, getNamedType(field.type), each, isList ? [...lists, coordinate] : lists, fragments);
        }
      }
      return total;
    };
    return {
      OperationDefinition(node) {
        const root = node.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
        if (!root || node.selectionSet.selections.every((s) => s.kind === Kind.FIELD && s.name.value.startsWith('__'))) return;
        cycle = undefined;
        const size = sizeOf(node.selectionSet.selections, root, 1, [], []);
        if (cycle) {
          context.reportError(new GraphQLError(`This query asks for ${cycle} inside itself: ask for each list once`, { nodes: [node] }));
        } else if (size > max) {
          context.reportError(
            new GraphQLError(
              `This query asks for too much at once (about ${Math.round(size)} items, at most ${max}): ask for fewer nested lists`,
              { nodes: [node] },
            ),
          );
        }
      },
    };
  };
}
