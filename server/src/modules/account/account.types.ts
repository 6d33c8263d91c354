import { Field, ID, InputType, ObjectType } from 'type-graphql';

@ObjectType({ description: 'One signed-in browser of your own account (Settings: active sessions).' })
export class AccountSession {
  @Field(() => ID, { description: 'Unique id of the session (not its token).' })
  id: string;

  @Field({ description: 'When it signed in.' })
  createdAt: Date;

  @Field({ description: 'When it last made a request.' })
  lastUsedAt: Date;

  @Field({ description: 'When it ends unless used again before (sessions do not slide: this is fixed at sign-in).' })
  expiresAt: Date;

  @Field({ description: 'True for the session making this request.' })
  current: boolean;

  @Field({ description: 'True while that session views the app as another role.' })
  impersonating: boolean;
}

@InputType({ description: 'Your own name (Your Profile).' })
export class UpdateProfileInput {
  @Field({ description: 'Given name; required.' })
  firstName: string;

  @Field({ description: 'Family name; required.' })
  lastName: string;
}

@InputType({ description: 'A new password for your own account (Settings).' })
export class ChangePasswordInput {
  @Field({ description: 'Your password now; required, so a session left open cannot change it.' })
  currentPassword: string;

  @Field({ description: 'The new password: at least 6 characters.' })
  newPassword: string;
}

@InputType({ description: 'A new sign-in email for your own account; it takes effect when the link mailed to it is opened.' })
export class RequestEmailChangeInput {
  @Field({ description: 'The new email address.' })
  newEmail: string;

  @Field({ description: 'Your current password.' })
  currentPassword: string;
}
