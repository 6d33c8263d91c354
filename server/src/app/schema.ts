import 'reflect-metadata';
import { GraphQLSchema, lexicographicSortSchema, printSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { AuthResolver } from '../modules/auth/auth.resolver';
import { UsersResolver } from '../modules/users/users.resolver';
import { academicResolvers } from '../modules/academic/academic.resolvers';
import { courseResolvers } from '../modules/courses/courses.register';
import { AttendanceResolver } from '../modules/attendance/attendance.resolver';

/** Every resolver of every domain; a new domain adds its own here. */
export const resolvers = [AuthResolver, UsersResolver, ...academicResolvers, ...courseResolvers, AttendanceResolver] as const;

let built: Promise<GraphQLSchema> | undefined;

export function buildAppSchema(): Promise<GraphQLSchema> {
  // type-graphql metadata is global, so the schema is built once per process
  built ??= buildSchema({ resolvers: [...resolvers], validate: false });
  return built;
}

/** The text committed as schema.graphql: sorted so it changes only when the API does. */
export async function schemaText(): Promise<string> {
  return printSchema(lexicographicSortSchema(await buildAppSchema())) + '\n';
}
