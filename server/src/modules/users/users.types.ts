import { ArgsType, Field, InputType, Int, ObjectType } from 'type-graphql';
import { Role } from './role';
import { User } from './user.entity';

@ObjectType({ description: 'A page of users.' })
export class UserPage {
  @Field(() => [User], { description: 'The users of this page, by last then first name.' })
  items: User[];

  @Field(() => Int, { description: 'How many users match the filter in all.' })
  total: number;
}

@ArgsType()
export class UsersArgs {
  @Field(() => Role, { nullable: true, description: 'Only users with this role.' })
  role?: Role;

  @Field({ nullable: true, description: 'Case-insensitive match on first name, last name or email.' })
  search?: string;

  @Field(() => Int, { defaultValue: 0, description: 'How many matches to skip.' })
  offset: number;

  @Field(() => Int, { defaultValue: 50, description: 'Page size, at most 200.' })
  limit: number;
}

@InputType({ description: 'A new user; they start Pending and receive an invitation email.' })
export class CreateUserInput {
  @Field({ description: 'Given name.' })
  firstName: string;

  @Field({ description: 'Family name.' })
  lastName: string;

  @Field({ description: 'Email address, unique regardless of case.' })
  email: string;

  @Field(() => Role, { description: 'Must be one the acting role may assign.' })
  role: Role;
}
