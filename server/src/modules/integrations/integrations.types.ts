import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { AccessTokenScope } from '../../policies/credentials';

registerEnumType(AccessTokenScope, {
  name: 'AccessTokenScope',
  description: "What a personal access token may do with its owner's rights.",
  valuesConfig: {
    READ: { description: 'Read only: every mutation and every /api call other than GET is refused with FORBIDDEN.' },
    READ_WRITE: { description: "Read and write, as the owner could in the web app (never the owner's password, sessions or tokens)." },
  },
});

@ObjectType({ description: 'One of your personal access tokens (Settings: Access tokens); never its secret.' })
export class AccessToken {
  @Field(() => ID, { description: 'Unique id of the token (not its secret).' })
  id: string;

  @Field({ description: 'The name you gave it (what script uses it).' })
  name: string;

  @Field(() => AccessTokenScope, { description: 'READ or READ_WRITE.' })
  scope: AccessTokenScope;

  @Field({ description: 'When it was created.' })
  createdAt: Date;

  @Field({ description: 'When it stops working (at most a year after it was created).' })
  expiresAt: Date;

  @Field(() => Date, { nullable: true, description: 'When it last made a request (to the minute); null if never.' })
  lastUsedAt: Date | null;

  @Field({ description: 'False once it has expired (expired tokens are listed for a day, then removed).' })
  active: boolean;
}

@ObjectType({ description: 'A token just created: the secret is shown this once and never again.' })
export class CreatedAccessToken {
  @Field(() => AccessToken, { description: 'The token as it will be listed.' })
  token: AccessToken;

  @Field({ description: 'The secret to send as `Authorization: Bearer <secret>`; only its hash is kept.' })
  secret: string;
}

@InputType({ description: 'A new personal access token.' })
export class CreateAccessTokenInput {
  @Field({ description: 'A name that says what uses it (1 to 100 characters).' })
  name: string;

  @Field(() => AccessTokenScope, { description: 'READ or READ_WRITE.' })
  scope: AccessTokenScope;

  @Field(() => Int, { description: 'Days until it expires: 1 to 365.' })
  expiresInDays: number;
}

@ObjectType({ description: 'A scope an application may be given, with what it allows.' })
export class ApplicationScope {
  @Field({ description: 'The scope as OAuth 2.0 requests name it (OneRoster scopes are 1EdTech URIs).' })
  scope: string;

  @Field({ description: 'What it allows.' })
  description: string;
}

@ObjectType({ description: 'A system that connects with OAuth 2.0 client credentials (Settings: Integrations); never its secret.' })
export class Application {
  @Field(() => ID, { description: 'Unique id of the application.' })
  id: string;

  @Field({ description: 'Its name.' })
  name: string;

  @Field({ description: 'The client id it sends to POST /oauth/token.' })
  clientId: string;

  @Field(() => [String], { description: 'The scopes it may ask for (ApplicationScope.scope).' })
  scopes: string[];

  @Field(() => [String], { description: 'Addresses (CIDR ranges) its requests must come from; empty: any.' })
  allowedIpRanges: string[];

  @Field({ description: 'When it was registered.' })
  createdAt: Date;

  @Field(() => Date, { nullable: true, description: 'When its current secret was made; null once revoked.' })
  secretCreatedAt: Date | null;

  @Field({ description: 'False once its secret is revoked: it gets no tokens until a new secret is made (rotate).' })
  active: boolean;

  @Field(() => Date, { nullable: true, description: 'When it last got an access token; null if never.' })
  lastTokenAt: Date | null;
}

@ObjectType({ description: 'An application with a secret just made: the secret is shown this once and never again.' })
export class ApplicationWithSecret {
  @Field(() => Application, { description: 'The application as it will be listed.' })
  application: Application;

  @Field({
    description: 'The client secret (HTTP Basic password at POST /oauth/token); only its hash is kept, and the previous one stops working.',
  })
  clientSecret: string;
}

@InputType({ description: 'A new application.' })
export class CreateApplicationInput {
  @Field({ description: 'Its name, unique (1 to 100 characters).' })
  name: string;

  @Field(() => [String], { description: 'The scopes it may ask for (at least one, from applicationScopes).' })
  scopes: string[];

  @Field(() => [String], {
    nullable: true,
    description: 'CIDR ranges or addresses its requests must come from (at most 20); none: any address.',
  })
  allowedIpRanges?: string[] | null;
}
