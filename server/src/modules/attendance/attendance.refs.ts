import { Field, ID, ObjectType } from 'type-graphql';

/**
 * The small views of people, classes, subjects and years that an attendance answer carries (assessments.md
 * section 3). They are loaded with the records in the same statement, so no field needs a resolver.
 */
@ObjectType({ description: 'A person named on an attendance record: the student, or the teacher who marked.' })
export class AttendancePerson {
  @Field(() => ID, { description: 'User id (REST: _id).' })
  id: string;

  @Field({ description: 'Given name.' })
  firstName: string;

  @Field({ description: 'Family name.' })
  lastName: string;

  @Field({ description: 'Sign-in email.' })
  email: string;
}

@ObjectType({ description: 'The class of an attendance record or of a student.' })
export class AttendanceClass {
  @Field(() => ID, { description: 'Class id (REST: _id).' })
  id: string;

  @Field({ description: "The class's name, e.g. Class 5A." })
  name: string;

  @Field({ description: 'The grade the class belongs to, e.g. 5.' })
  grade: string;
}

@ObjectType({ description: 'The subject of an attendance record.' })
export class AttendanceSubject {
  @Field(() => ID, { description: 'Subject id (REST: _id).' })
  id: string;

  @Field({ description: "The subject's name." })
  name: string;
}

@ObjectType({ description: 'The academic year of an attendance record or of a student.' })
export class AttendanceYear {
  @Field(() => ID, { description: 'Academic year id (REST: _id).' })
  id: string;

  @Field({ description: 'The year as the school names it, e.g. 2026.' })
  year: string;
}

/** Builds a ref whose class is the ObjectType, so the REST shaper shows exactly its fields. */
export function ref<T extends object>(type: new () => T, fields: T): T {
  return Object.assign(new type(), fields);
}
