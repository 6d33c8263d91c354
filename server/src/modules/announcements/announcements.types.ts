import { Field, ID, InputType, Int } from 'type-graphql';

@InputType({ description: 'A new announcement (REST: POST /api/announcements).' })
export class CreateAnnouncementInput {
  @Field(() => ID, { description: 'The course (REST: course); one you teach.' })
  courseId: string;

  @Field({ description: 'Title; required.' })
  title: string;

  @Field({ description: 'Text; required.' })
  content: string;

  @Field({ nullable: true, description: 'Shown to students; true when not given.' })
  isVisible?: boolean;
}

@InputType({ description: 'Changes to an announcement; fields not given stay as they are (REST: PUT /api/announcements/{id}).' })
export class UpdateAnnouncementInput {
  @Field(() => ID, { description: 'The announcement to change.' })
  id: string;

  @Field({ nullable: true, description: 'New title; must not be blank.' })
  title?: string;

  @Field({ nullable: true, description: 'New text; must not be blank.' })
  content?: string;

  @Field({ nullable: true, description: 'Shown to students.' })
  isVisible?: boolean;

  @Field(() => Int, { nullable: true, description: 'The version you edited; if someone changed it since, the update is refused (CONFLICT).' })
  version?: number;
}
