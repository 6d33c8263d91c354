import { Field, ID, InputType, Int } from 'type-graphql';
import { ContentType } from './content.entity';

@InputType({ description: 'The fields of an upload; the file itself is the `file` argument (GraphQL multipart request).' })
export class UploadContentInput {
  @Field(() => ID, { description: 'The module (REST: module); of a course you teach.' })
  moduleId: string;

  @Field({ nullable: true, description: 'Title; the file name when not given.' })
  title?: string;

  @Field({ nullable: true, description: 'Free text.' })
  description?: string;

  @Field(() => ContentType, {
    nullable: true,
    description: 'PDF when not given; the file must be of this type, by its bytes and its declared type.',
  })
  contentType?: ContentType;

  @Field({ nullable: true, description: 'Shown to students; true when not given.' })
  isVisible?: boolean;
}

@InputType({ description: 'Changes to a content item; fields not given stay as they are (REST: PUT /api/content/{id}).' })
export class UpdateContentInput {
  @Field(() => ID, { description: 'The item to change.' })
  id: string;

  @Field({ nullable: true, description: 'New title; must not be blank.' })
  title?: string;

  @Field({ nullable: true, description: 'New description; null or blank clears it.' })
  description?: string;

  @Field(() => ContentType, { nullable: true, description: 'New type; refused when the stored file is not of that type.' })
  contentType?: ContentType;

  @Field({ nullable: true, description: 'Shown to students.' })
  isVisible?: boolean;

  @Field(() => Int, {
    nullable: true,
    description: 'The version you edited; if someone changed the item since, the update is refused (CONFLICT).',
  })
  version?: number;
}

@InputType({ description: 'Reuse a content item in another of your modules (REST: POST /api/content/reuse/clone/{contentId}).' })
export class CloneContentInput {
  @Field(() => ID, { description: 'The item to copy.' })
  contentId: string;

  @Field(() => ID, { description: 'The module to add the copy to (REST: newModuleId).' })
  newModuleId: string;
}
